import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../server/db/migrations";
import { renderActivityUser } from "../../server/leads/activities/activity-actor";
import { renderActivityMessage } from "../../server/leads/activities/activity-message";
import { stageDisplayName } from "../../server/pipeline/stage-name";
import { createEmptyDatabase, type TestDatabase } from "../support/database";
import { migrationsUpTo } from "../support/migrations-up-to";

/**
 * The migration that turns stored texts into keys and data
 * (`…_stage_names_and_timeline_texts_as_keys`), on rows written before it in
 * one language: default stage names, a renamed stage, and the English system
 * entries of the timeline, which then read in whichever language is asked.
 */
const TARGET = "_stage_names_and_timeline_texts_as_keys";
const ORG = "00000000-0000-4000-8000-0000000000e5";
const LEAD = "lead_legacy00000000000000001";
let scratch: string;
let database: TestDatabase;
let client: pg.Client;
const stageId: Record<string, string> = {};

async function entry(id: string, type: string, content: string, changes: object | null = null, actor: [string, string | null] = ["system", "System"]) {
  await client.query(
    `INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "content", "changes", "actorKind", "actorName")
     VALUES ($1, $2, $3, $4, 'system', $5, $6, $7, $8)`,
    [id, ORG, LEAD, type, content, changes === null ? null : JSON.stringify(changes), actor[0], actor[1]],
  );
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "inmo-texts-as-keys-"));
  database = await createEmptyDatabase();
  await applyMigrations(database.url, { dir: await migrationsUpTo(scratch, TARGET, false) });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`INSERT INTO "Organization" ("id", "name", "locale", "updatedAt") VALUES ($1, 'Inmobiliaria', 'es', now())`, [ORG]);
  const stages: [string, string, string][] = [
    ["new", "Nuevo", "open"],
    ["proposal", "Propuesta", "open"],
    ["won", "Cierre firmado", "won"],
  ];
  for (const [index, [key, name, kind]] of stages.entries()) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "PipelineStage" ("id", "organizationId", "name", "color", "order", "stageKind", "systemKey", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, '#000000', $3, $4, $5, now()) RETURNING "id"`,
      [ORG, name, index + 1, kind, key],
    );
    stageId[key] = rows[0]!.id;
  }
  await client.query(`INSERT INTO "Lead" ("id", "organizationId", "email", "stageId", "updatedAt") VALUES ($1, $2, 'x@example.test', $3, now())`, [
    LEAD,
    ORG,
    stageId.new,
  ]);
  await entry("act_created", "created", "Lead created");
  await entry("act_updated", "updated", "Updated company, status", { company: { from: null, to: "Casa" }, status: { from: "new", to: "proposal" } });
  await entry("act_status", "status_changed", "Status changed from new to proposal", { status: { from: "new", to: "proposal" } });
  await entry("act_stage", "stage_changed", "Stage changed from Nuevo to Cierre firmado", { stageId: { from: stageId.new, to: stageId.won } });
  await entry("act_assigned", "assigned", "Assigned to Ana Ruiz by round robin", { assignedToId: { from: null, to: "u" } }, ["api_key", "API key Zapier"]);
  await entry("act_reassigned", "assigned", "Reassigned from Ana Ruiz to Luis Paz by round robin");
  await entry("act_unassigned", "unassigned", "Unassigned from Luis Paz");
  await client.query(
    `INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "content", "actorKind", "actorName")
     VALUES ('act_call', $1, $2, 'call', 'system', 'Call queued for Ana Ruiz by the sequence “Reactivar 2025”', 'system', 'System')`,
    [ORG, LEAD],
  );
  await applyMigrations(database.url, { dir: await migrationsUpTo(scratch, TARGET, true) });
}, 120_000);

afterAll(async () => {
  await client?.end();
  await rm(scratch, { recursive: true, force: true });
});

async function read(id: string, locale: "en" | "es") {
  const { rows } = await client.query(`SELECT * FROM "LeadActivity" WHERE "id" = $1`, [id]);
  const row = rows[0]!;
  return { content: renderActivityMessage(row.message, locale, row.content), author: renderActivityUser({ ...row, user: null }, locale).name };
}

describe("stored texts become keys: the migration", () => {
  it("default stages keep no name and read in either language; a renamed one keeps its name", async () => {
    const { rows } = await client.query<{ name: string | null; systemKey: string }>(
      `SELECT "name", "systemKey" FROM "PipelineStage" WHERE "organizationId" = $1 ORDER BY "order"`,
      [ORG],
    );
    expect(rows).toEqual([
      { name: null, systemKey: "new" },
      { name: null, systemKey: "proposal" },
      { name: "Cierre firmado", systemKey: "won" },
    ]);
    expect(rows.map((row) => stageDisplayName(row, "en"))).toEqual(["New", "Proposal", "Cierre firmado"]);
  });

  it("the timeline's English entries read in Spanish, and in English as before", async () => {
    expect(await read("act_created", "es")).toEqual({ content: "Lead creado", author: "Sistema" });
    expect(await read("act_updated", "es")).toEqual({ content: "Actualizado: Empresa, Estado", author: "Sistema" });
    expect(await read("act_status", "es")).toMatchObject({ content: "Estado cambiado de Nuevo a Propuesta" });
    expect(await read("act_stage", "es")).toMatchObject({ content: "Etapa cambiada de Nuevo a Cierre firmado" });
    expect(await read("act_assigned", "es")).toEqual({ content: "Asignado a Ana Ruiz por round robin", author: "Clave de API Zapier" });
    expect(await read("act_reassigned", "es")).toMatchObject({ content: "Asignado a Luis Paz por round robin" });
    expect(await read("act_unassigned", "es")).toMatchObject({ content: "Desasignado de Luis Paz" });
    expect(await read("act_call", "es")).toMatchObject({ content: "Llamada asignada a Ana Ruiz por la secuencia «Reactivar 2025»" });
    expect(await read("act_stage", "en")).toMatchObject({ content: "Stage changed from New to Cierre firmado" });
    expect(await read("act_assigned", "en")).toEqual({ content: "Assigned to Ana Ruiz by round robin", author: "API key Zapier" });
  });
});
