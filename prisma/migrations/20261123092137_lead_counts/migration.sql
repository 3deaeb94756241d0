-- CreateTable
CREATE TABLE "LeadCount" (
    "organizationId" UUID NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "slot" SMALLINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "LeadCount_pkey" PRIMARY KEY ("organizationId","dimension","value","slot")
);

-- The counts of "Lead" per organization that GET /leads shows as `pagination.total` (no filter, or one of status,
-- source, stage, assignee) and the maxLeads plan check reads: kept in the writers' transactions by statement-level
-- triggers with transition tables, so every write path (the API, bulk SQL, cascades, SET NULL) counts. Each
-- statement adds its net change per (organization, dimension, value) to the slot of its own session
-- (pg_backend_pid() % 16): concurrent writers add to different rows and do not queue on one hot counter row.
-- Updates that change none of the counted columns write nothing.
CREATE FUNCTION "lead_counts_add"(organization_ids uuid[], statuses text[], sources text[], stage_ids text[], assignee_ids text[], deltas int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "LeadCount" ("organizationId", "dimension", "value", "slot", "count")
  SELECT c.organization_id, d.dimension, d.value, (pg_backend_pid() % 16)::smallint, sum(c.delta)::int
  FROM unnest(organization_ids, statuses, sources, stage_ids, assignee_ids, deltas)
       AS c(organization_id, status, source, stage_id, assignee_id, delta)
  CROSS JOIN LATERAL (VALUES ('all', ''), ('status', c.status), ('source', c.source),
                             ('stage', coalesce(c.stage_id, 'none')), ('assignee', coalesce(c.assignee_id, 'none')))
       AS d(dimension, value)
  GROUP BY 1, 2, 3
  HAVING sum(c.delta) <> 0
  -- A fixed order of row locks, so two statements never wait on each other's counter rows in a cycle.
  ORDER BY 1, 2, 3
  ON CONFLICT ("organizationId", "dimension", "value", "slot") DO UPDATE SET "count" = "LeadCount"."count" + EXCLUDED."count"
$$;

CREATE FUNCTION "lead_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lead_counts_add"(array_agg(n."organizationId"), array_agg(n."status"::text), array_agg(n."source"::text),
                            array_agg(n."stageId"::text), array_agg(n."assignedToId"::text), array_agg(1))
  FROM new_rows n HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "lead_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lead_counts_add"(array_agg(o."organizationId"), array_agg(o."status"::text), array_agg(o."source"::text),
                            array_agg(o."stageId"::text), array_agg(o."assignedToId"::text), array_agg(-1))
  FROM old_rows o HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "lead_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lead_counts_add"(array_agg(c.organization_id), array_agg(c.status), array_agg(c.source),
                            array_agg(c.stage_id), array_agg(c.assignee_id), array_agg(c.delta))
  FROM (
    SELECT n."organizationId" AS organization_id, n."status"::text AS status, n."source"::text AS source,
           n."stageId"::text AS stage_id, n."assignedToId"::text AS assignee_id, 1 AS delta
    FROM new_rows n
    UNION ALL
    SELECT o."organizationId", o."status"::text, o."source"::text, o."stageId"::text, o."assignedToId"::text, -1
    FROM old_rows o
  ) c
  HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "lead_counts_insert" AFTER INSERT ON "Lead"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_after_insert"();
CREATE TRIGGER "lead_counts_delete" AFTER DELETE ON "Lead"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_after_delete"();
CREATE TRIGGER "lead_counts_update" AFTER UPDATE ON "Lead"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_after_update"();

-- The counts of the leads that already exist.
INSERT INTO "LeadCount" ("organizationId", "dimension", "value", "slot", "count")
SELECT l."organizationId", d.dimension, d.value, 0, count(*)::int
FROM "Lead" l
CROSS JOIN LATERAL (VALUES ('all', ''), ('status', l."status"::text), ('source', l."source"::text),
                           ('stage', coalesce(l."stageId"::text, 'none')), ('assignee', coalesce(l."assignedToId"::text, 'none')))
     AS d(dimension, value)
GROUP BY 1, 2, 3;
