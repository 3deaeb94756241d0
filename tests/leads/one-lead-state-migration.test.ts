import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../server/db/migrations";
import { createEmptyDatabase, type TestDatabase } from "../support/database";
import { migrationsUpTo } from "../support/migrations-up-to";

/**
 * The migration that makes the stage the one lead state
 * (`…_one_lead_state`), on data written before it: leads without a stage,
 * and leads whose status and stage had drifted apart, each decided by the
 * later of the two changes on its timeline.
 */
const TARGET = "_one_lead_state";

let scratch: string;
let database: TestDatabase;
let client: pg.Client;

const ORG = "00000000-0000-4000-8000-000000000001";
const SPANISH_ORG = "00000000-0000-4000-8000-000000000002";
const stageIds = { new: "", contacted: "", qualified: "", proposal: "", negotiation: "", won: "", lost: "" } as Record<string, string>;

async function lead(id: string, status: string, stage: string | null, history: [type: string, at: string][] = []) {
  await client.query(
    `INSERT INTO "Lead" ("id", "organizationId", "email", "status", "stageId", "updatedAt") VALUES ($1, $2, $3, $4, $5, '2026-01-01')`,
    [id, ORG, `${id}@example.test`, status, stage === null ? null : stageIds[stage]],
  );
  for (const [index, [type, at]] of history.entries()) {
    await client.query(
      `INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "createdAt") VALUES ($1, $2, $3, $4, 'system', $5)`,
      [`act_${id}_${index}`, ORG, id, type, at],
    );
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "inmo-lead-state-"));
  database = await createEmptyDatabase();
  await applyMigrations(database.url, { dir: await migrationsUpTo(scratch, TARGET, false) });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(
    `INSERT INTO "Organization" ("id", "name", "locale", "updatedAt") VALUES ($1, 'Acme', 'en', now()), ($2, 'Inmobiliaria', 'es', now())`,
    [ORG, SPANISH_ORG],
  );
  const keys = ["new", "contacted", "qualified", "proposal", "negotiation", "won", "lost"];
  for (const [index, key] of keys.entries()) {
    const kind = key === "won" || key === "lost" ? key : "open";
    for (const org of [ORG, SPANISH_ORG]) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO "PipelineStage" ("id", "organizationId", "name", "color", "order", "stageKind", "systemKey", "updatedAt")
         VALUES (gen_random_uuid(), $1, $2, '#000000', $3, $4, $5, now()) RETURNING "id"`,
        [org, key, index + 1, kind, key],
      );
      if (org === ORG) stageIds[key] = rows[0]!.id;
    }
  }
  await lead("lead_nostage", "contacted", null);
  await lead("lead_consistent", "proposal", "proposal");
  // Moved on the board after its status was set: the stage wins.
  await lead("lead_boardmoved", "qualified", "proposal", [["status_changed", "2026-01-02"], ["stage_changed", "2026-01-03"]]);
  // Status set through the API after the last move: the status wins and the lead moves.
  await lead("lead_statusset", "won", "negotiation", [["stage_changed", "2026-01-02"], ["status_changed", "2026-01-04"]]);
  // Created with both and never changed: the stage wins.
  await lead("lead_createdboth", "contacted", "qualified");
  // Unqualified had no stage: it gets one.
  await lead("lead_unqualified", "unqualified", "new", [["status_changed", "2026-01-05"]]);
  await applyMigrations(database.url, { dir: await migrationsUpTo(scratch, TARGET, true) });
}, 120_000);

afterAll(async () => {
  await client?.end();
  await rm(scratch, { recursive: true, force: true });
});

const stateOf = async (id: string) => {
  const { rows } = await client.query<{ status: string; systemKey: string | null; updatedAt: Date }>(
    `SELECT l."status", s."systemKey", l."updatedAt" FROM "Lead" l LEFT JOIN "PipelineStage" s ON s."id" = l."stageId" WHERE l."id" = $1`,
    [id],
  );
  return rows[0]!;
};

describe("one lead state: the migration", () => {
  it("adds the unqualified closing stage after the last stage, named in the organization's language", async () => {
    const { rows } = await client.query<{ organizationId: string; name: string; order: number; stageKind: string }>(
      `SELECT "organizationId", "name", "order", "stageKind" FROM "PipelineStage" WHERE "systemKey" = 'unqualified' ORDER BY "organizationId"`,
    );
    expect(rows).toEqual([
      { organizationId: ORG, name: "Unqualified", order: 8, stageKind: "lost" },
      { organizationId: SPANISH_ORG, name: "No calificado", order: 8, stageKind: "lost" },
    ]);
  });

  it("puts every lead in the stage its status stands for, the later change winning", async () => {
    expect(await stateOf("lead_nostage")).toMatchObject({ status: "contacted", systemKey: "contacted" });
    expect(await stateOf("lead_consistent")).toMatchObject({ status: "proposal", systemKey: "proposal" });
    expect(await stateOf("lead_boardmoved")).toMatchObject({ status: "proposal", systemKey: "proposal" });
    expect(await stateOf("lead_statusset")).toMatchObject({ status: "won", systemKey: "won" });
    expect(await stateOf("lead_createdboth")).toMatchObject({ status: "qualified", systemKey: "qualified" });
    expect(await stateOf("lead_unqualified")).toMatchObject({ status: "unqualified", systemKey: "unqualified" });
  });

  it("moves updatedAt only for the leads it changed, so polling integrators re-read exactly those", async () => {
    expect((await stateOf("lead_consistent")).updatedAt.toISOString()).toBe(new Date("2026-01-01").toISOString());
    expect((await stateOf("lead_boardmoved")).updatedAt.getTime()).toBeGreaterThan(new Date("2026-01-02").getTime());
  });
});
