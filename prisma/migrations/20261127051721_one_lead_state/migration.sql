-- One lead state (docs/decisions.md, "One lead state"): the stage is what a
-- lead is in and the status is what that stage stands for. Data only.

-- 1. Every pipeline gets the closing stage that stands for `unqualified`, after its last stage.
INSERT INTO "PipelineStage" ("id", "organizationId", "name", "color", "order", "stageKind", "systemKey", "createdAt", "updatedAt")
SELECT gen_random_uuid(), o."id", CASE WHEN o."locale" = 'es' THEN 'No calificado' ELSE 'Unqualified' END, '#94A3B8',
       (SELECT max(s."order") FROM "PipelineStage" s WHERE s."organizationId" = o."id") + 1, 'lost', 'unqualified', now(), now()
FROM "Organization" o
WHERE EXISTS (SELECT 1 FROM "PipelineStage" s WHERE s."organizationId" = o."id")
  AND NOT EXISTS (SELECT 1 FROM "PipelineStage" s WHERE s."organizationId" = o."id" AND s."systemKey" = 'unqualified');

-- 2. A lead without a stage goes to the stage of its status.
UPDATE "Lead" l SET "stageId" = s."id", "updatedAt" = now()
FROM "PipelineStage" s
WHERE l."stageId" IS NULL AND s."organizationId" = l."organizationId" AND s."systemKey" = l."status"::text;

-- 3. A lead whose stage stands for another status: the later of the two changes on its timeline wins
--    (a status changed after the last stage move moves the lead to the status's stage); otherwise the
--    stage wins and the status becomes what the stage stands for (server/pipeline/lead-state.ts).
WITH stage_status AS (
  SELECT s."id",
         CASE
           WHEN s."systemKey" IN ('new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost', 'unqualified') THEN s."systemKey"
           WHEN s."stageKind" = 'won' THEN 'won'
           WHEN s."stageKind" = 'lost' THEN 'lost'
           ELSE COALESCE((
             SELECT p."systemKey" FROM "PipelineStage" p
             WHERE p."organizationId" = s."organizationId" AND p."stageKind" = 'open' AND p."order" < s."order"
               AND p."systemKey" IN ('new', 'contacted', 'qualified', 'proposal', 'negotiation')
             ORDER BY p."order" DESC LIMIT 1), 'new')
         END AS "status"
  FROM "PipelineStage" s
),
drifted AS (
  SELECT l."id", l."organizationId", l."status"::text AS "leadStatus", ss."status" AS "stageStatus",
         (SELECT max(a."createdAt") FROM "LeadActivity" a WHERE a."leadId" = l."id" AND a."type" = 'status_changed') AS "statusAt",
         (SELECT max(a."createdAt") FROM "LeadActivity" a WHERE a."leadId" = l."id" AND a."type" = 'stage_changed') AS "stageAt"
  FROM "Lead" l JOIN stage_status ss ON ss."id" = l."stageId"
  WHERE ss."status" <> l."status"::text
),
decided AS (
  SELECT d."id", d."stageStatus", target."id" AS "statusStageId",
         (target."id" IS NOT NULL AND d."statusAt" IS NOT NULL AND d."statusAt" > COALESCE(d."stageAt", '-infinity'::timestamptz)) AS "statusWins"
  FROM drifted d
  LEFT JOIN "PipelineStage" target ON target."organizationId" = d."organizationId" AND target."systemKey" = d."leadStatus"
)
UPDATE "Lead" l SET
  "stageId" = CASE WHEN d."statusWins" THEN d."statusStageId" ELSE l."stageId" END,
  "status" = CASE WHEN d."statusWins" THEN l."status" ELSE d."stageStatus"::"LeadStatus" END,
  "updatedAt" = now()
FROM decided d
WHERE l."id" = d."id";
