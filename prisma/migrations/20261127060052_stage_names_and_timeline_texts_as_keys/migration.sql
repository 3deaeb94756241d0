-- AlterTable
ALTER TABLE "LeadActivity" ADD COLUMN     "message" JSONB;

-- AlterTable
ALTER TABLE "PipelineStage" ALTER COLUMN "name" DROP NOT NULL;

-- Stored values people read become keys or data, rendered in the reader's language (docs/decisions.md, "One i18n shape").

-- 1. A default stage whose name is still its default (in either language) stores no name: it shows its systemKey's name.
UPDATE "PipelineStage" s SET "name" = NULL
FROM (VALUES
  ('new', 'New', 'Nuevo'), ('contacted', 'Contacted', 'Contactado'), ('qualified', 'Qualified', 'Calificado'),
  ('proposal', 'Proposal', 'Propuesta'), ('negotiation', 'Negotiation', 'Negociación'), ('won', 'Won', 'Ganado'),
  ('lost', 'Lost', 'Perdido'), ('unqualified', 'Unqualified', 'No calificado')
) AS d("systemKey", "en", "es")
WHERE s."systemKey" = d."systemKey" AND s."name" IN (d."en", d."es");

-- 2. The system entries written as English text become keys and data (the forms server/leads/activities/activity-message.ts renders).
UPDATE "LeadActivity" SET "message" = '{"key":"created"}'::jsonb
WHERE "activityScope" = 'system' AND "type" = 'created' AND "content" = 'Lead created';

UPDATE "LeadActivity" SET "message" = jsonb_build_object('key', 'updated', 'fields', (SELECT jsonb_agg(k ORDER BY k) FROM jsonb_object_keys("changes") AS k))
WHERE "activityScope" = 'system' AND "type" = 'updated' AND jsonb_typeof("changes") = 'object' AND "changes" <> '{}'::jsonb;

UPDATE "LeadActivity" SET "message" = jsonb_build_object('key', 'statusChanged', 'from', "changes"->'status'->'from', 'to', "changes"->'status'->'to')
WHERE "activityScope" = 'system' AND "type" = 'status_changed' AND jsonb_typeof("changes"->'status') = 'object';

UPDATE "LeadActivity" a SET "message" = jsonb_build_object(
  'key', 'stageChanged',
  'from', (SELECT jsonb_build_object('name', s."name", 'systemKey', s."systemKey") FROM "PipelineStage" s WHERE s."id"::text = a."changes"->'stageId'->>'from'),
  'to', (SELECT jsonb_build_object('name', s."name", 'systemKey', s."systemKey") FROM "PipelineStage" s WHERE s."id"::text = a."changes"->'stageId'->>'to'))
WHERE a."activityScope" = 'system' AND a."type" = 'stage_changed' AND jsonb_typeof(a."changes"->'stageId') = 'object'
  -- A stage deleted since keeps the English text of the time.
  AND (a."changes"->'stageId'->>'to' IS NULL OR EXISTS (SELECT 1 FROM "PipelineStage" s WHERE s."id"::text = a."changes"->'stageId'->>'to'));

UPDATE "LeadActivity" SET "message" = jsonb_build_object('key', 'assigned', 'assignee', m[1], 'byRoundRobin', m[2] IS NOT NULL)
FROM (SELECT "id" AS "matchId", regexp_match("content", '^(?:Assigned to|Reassigned from .* to) (.*?)( by round robin)?$') AS m FROM "LeadActivity" WHERE "type" = 'assigned') AS found
WHERE "id" = found."matchId" AND found.m IS NOT NULL AND "activityScope" = 'system';

UPDATE "LeadActivity" SET "message" = jsonb_build_object('key', 'unassigned', 'assignee', m[1])
FROM (SELECT "id" AS "matchId", regexp_match("content", '^Unassigned from (.*)$') AS m FROM "LeadActivity" WHERE "type" = 'unassigned') AS found
WHERE "id" = found."matchId" AND found.m IS NOT NULL AND "activityScope" = 'system';

UPDATE "LeadActivity" SET "message" = jsonb_build_object('key', 'callQueued', 'member', NULLIF(m[1], 'a member'), 'sequence', m[2])
FROM (SELECT "id" AS "matchId", regexp_match("content", '^Call queued for (.*) by the sequence “(.*)”$') AS m FROM "LeadActivity" WHERE "type" = 'call' AND "activityScope" = 'system') AS found
WHERE "id" = found."matchId" AND found.m IS NOT NULL;

-- 3. An API key's entries keep the key's name only; "API key" is said in the reader's language.
UPDATE "LeadActivity" SET "actorName" = substr("actorName", 9) WHERE "actorKind" = 'api_key' AND "actorName" LIKE 'API key %';
