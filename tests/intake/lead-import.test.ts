import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { runDeferredJob } from "../../server/jobs/deferred/run-deferred-job";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";
import { useApiTest } from "../support/api-test";
import { createManualClock } from "../webhooks/support/manual-clock";
import { seedMember, seedOrganization } from "../support/factories";
import { body } from "../leads/helpers";
import { ROWS_PER_TRANSACTION } from "../../server/leads/imports/write-import-rows";

/**
 * CSV import (Leads → Import CSV): rows checked at upload, written by the
 * `run-lead-import` job through the one intake entry point under the chosen
 * duplicate policy, refused rows downloadable with reasons, resumable after a
 * crash, and undoable for 24 hours.
 */
const t = useApiTest();
const manual = createManualClock();
const driver = () => new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [runDeferredJob] });
let owner: string;

interface ImportAnswer {
  id: string;
  status: string;
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  skipped: number;
  refused: number;
  undoSummary: { removed: number; restored: number; kept: number } | null;
}

async function runJobs(): Promise<void> {
  while ((await driver().runDue()) > 0) {
    // one claim per call, until nothing is due
  }
}

async function start(csv: string, onDuplicate: "create" | "skip" | "update", cookie = owner, mapping?: Record<string, number>) {
  const preview = await trpc<{ suggestedMapping: Record<string, number> }>(t.server, "leads.imports.preview", { cookie, mutation: true, input: { content: csv } });
  const answer = await trpc<ImportAnswer>(t.server, "leads.imports.start", {
    cookie,
    mutation: true,
    input: { fileName: "leads.csv", content: csv, mapping: mapping ?? preview.data.suggestedMapping, onDuplicate },
  });
  expect(answer.error).toBeUndefined();
  return answer.data;
}

const get = async (id: string, cookie = owner) => trpc<ImportAnswer>(t.server, "leads.imports.get", { cookie, input: { importId: id } });
const undo = async (id: string, cookie = owner) => trpc<ImportAnswer>(t.server, "leads.imports.undo", { cookie, mutation: true, input: { importId: id } });
const leadsWithEmail = (email: string) => t.db.lead.findMany({ where: { organizationId: t.org.id, email } });

beforeAll(async () => {
  owner = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
}, 60_000);

describe("upload", () => {
  it("reads Excel's semicolons and byte-order mark and proposes the mapping from Spanish headers", async () => {
    const csv = "\uFEFFNombre;Apellidos;Correo electrónico;Teléfono;Empresa;Notas\nAna;Gómez;ana@example.test;+573001234567;\"Casa; Hogar\";hola\n";
    const preview = await trpc<Record<string, unknown>>(t.server, "leads.imports.preview", { cookie: owner, mutation: true, input: { content: csv } });
    expect(preview.data).toMatchObject({
      delimiter: ";",
      headers: ["Nombre", "Apellidos", "Correo electrónico", "Teléfono", "Empresa", "Notas"],
      preview: [["Ana", "Gómez", "ana@example.test", "+573001234567", "Casa; Hogar", "hola"]],
      rowCount: 1,
      suggestedMapping: { firstName: 0, lastName: 1, email: 2, phone: 3, company: 4, notes: 5 },
    });
  });

  it("refuses a mapping without a contact column, and files that are not CSV", async () => {
    const answer = await trpc(t.server, "leads.imports.start", {
      cookie: owner,
      mutation: true,
      input: { fileName: "x.csv", content: "Name\nAna\n", mapping: { firstName: 0 }, onDuplicate: "create" },
    });
    expect(answer.code).toBe("VALIDATION_ERROR");
    const empty = await trpc(t.server, "leads.imports.preview", { cookie: owner, mutation: true, input: { content: "\n\n" } });
    expect(empty.code).toBe("VALIDATION_ERROR");
  });
});

describe("duplicates under each policy", () => {
  for (const policy of ["create", "skip", "update"] as const) {
    it(`onDuplicate ${policy}`, async () => {
      const tag = `${policy}-${Date.now()}`;
      const existing = await body<{ id: string }>(
        await t.server.api("/leads", { token: t.org.key, method: "POST", json: { firstName: "Ana", email: `ana-${tag}@example.test`, company: "Antes" } }),
        201,
      );
      const csv = [
        "Name,Email,Phone,Company",
        `Ana,ANA-${tag}@example.test,,Después`,
        `Bruno,bruno-${tag}@example.test,,`,
        "Nadie,,,Sin contacto",
        `Carla,carla-${tag}@example.test,,`,
      ].join("\n");
      const started = await start(csv, policy);
      expect(started).toMatchObject({ status: "queued", totalRows: 4, processedRows: 0 });
      await runJobs();
      const done = (await get(started.id)).data;
      const expected = { create: [3, 0, 0], skip: [2, 0, 1], update: [2, 1, 0] }[policy];
      expect(done).toMatchObject({ status: "completed", processedRows: 4, created: expected[0], updated: expected[1], skipped: expected[2], refused: 1 });
      const anas = await leadsWithEmail(`ana-${tag}@example.test`);
      const upper = await leadsWithEmail(`ANA-${tag}@example.test`);
      expect(anas.length + upper.length).toBe(policy === "create" ? 2 : 1);
      const survivor = await t.db.lead.findUniqueOrThrow({ where: { id: existing.id } });
      expect(survivor.company).toBe(policy === "update" ? "Después" : "Antes");
      // Created like any lead: announced and on the timeline.
      const bruno = (await leadsWithEmail(`bruno-${tag}@example.test`))[0]!;
      expect(await t.db.leadActivity.count({ where: { leadId: bruno.id } })).toBeGreaterThan(0);
    });
  }
});

describe("refused rows", () => {
  it("downloads the refused rows as uploaded, with the row number and the reason in the reader's language", async () => {
    const csv = "Nombre;Correo;Teléfono\nAna;ana-refused@example.test;\nNadie;;\nMala;no-es-correo;\n";
    const started = await start(csv, "create");
    await runJobs();
    for (const [locale, row, reason] of [
      ["es", "fila", "motivo"],
      ["en", "row", "reason"],
    ] as const) {
      const response = await fetch(`${t.server.baseUrl}/api/exports/lead-imports/refused?importId=${started.id}&locale=${locale}`, { headers: { cookie: owner } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
      expect(rows.map((r) => [r.Nombre, r.Correo, r[row]])).toEqual([
        ["Nadie", "", "2"],
        ["Mala", "no-es-correo", "3"],
      ]);
      expect(rows[1]![reason]).toMatch(locale === "es" ? /email/i : /email/i);
      expect(rows[0]![reason]).not.toBe("");
    }
    const es = await (await fetch(`${t.server.baseUrl}/api/exports/lead-imports/refused?importId=${started.id}&locale=es`, { headers: { cookie: owner } })).text();
    const en = await (await fetch(`${t.server.baseUrl}/api/exports/lead-imports/refused?importId=${started.id}&locale=en`, { headers: { cookie: owner } })).text();
    expect(es.split("\n")[1]).not.toBe(en.split("\n")[1]);
  });
});

describe("a crash mid-import", () => {
  it("resumes from the committed progress and writes no row twice", async () => {
    const perTransaction = ROWS_PER_TRANSACTION;
    const rows = Array.from({ length: perTransaction + 20 }, (_, i) => `Persona ${i},crash-${i}@example.test`);
    const started = await start(["Name,Email", ...rows].join("\n"), "create");
    // The database fails while the second transaction of rows is under way, as a dying connection would.
    await t.db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION fail_import_row() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'connection lost'; END $$ LANGUAGE plpgsql`);
    await t.db.$executeRawUnsafe(`
      CREATE TRIGGER fail_import_row BEFORE INSERT ON "Lead" FOR EACH ROW
      WHEN (NEW."email" = 'crash-${perTransaction + 10}@example.test') EXECUTE FUNCTION fail_import_row()`);
    await runJobs();
    let state = (await get(started.id)).data;
    expect(state).toMatchObject({ status: "running", processedRows: perTransaction, created: perTransaction });
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, email: { startsWith: "crash-" } } })).toBe(perTransaction);

    await t.db.$executeRawUnsafe(`DROP TRIGGER fail_import_row ON "Lead"`);
    manual.advance(60_000);
    await runJobs();
    state = (await get(started.id)).data;
    expect(state).toMatchObject({ status: "completed", processedRows: perTransaction + 20, created: perTransaction + 20, refused: 0 });
    const counts = await t.db.$queryRaw<{ email: string; n: bigint }[]>`
      SELECT "email", count(*) AS n FROM "Lead" WHERE "organizationId" = ${t.org.id}::uuid AND "email" LIKE 'crash-%' GROUP BY "email" HAVING count(*) > 1`;
    expect(counts).toEqual([]);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, email: { startsWith: "crash-" } } })).toBe(perTransaction + 20);
    expect(await t.db.leadImportRow.count({ where: { importId: started.id } })).toBe(perTransaction + 20);
  });
});

describe("undo", () => {
  it("within 24 hours removes created leads, restores updated ones, and keeps the ones people worked on since", async () => {
    const existing = await body<{ id: string }>(
      await t.server.api("/leads", { token: t.org.key, method: "POST", json: { firstName: "Olga", email: "olga-undo@example.test", company: "Antes", city: "Lima" } }),
      201,
    );
    const csv = "Name,Email,Company\nOlga,olga-undo@example.test,Después\nPablo,pablo-undo@example.test,\nQuique,quique-undo@example.test,\n";
    const started = await start(csv, "update");
    await runJobs();
    expect((await t.db.lead.findUniqueOrThrow({ where: { id: existing.id } })).company).toBe("Después");
    const quique = (await leadsWithEmail("quique-undo@example.test"))[0]!;
    await body(await t.server.api(`/leads/${quique.id}/notes`, { token: t.org.key, method: "POST", json: { content: "Llamar el lunes" } }), 201);

    const undone = await undo(started.id);
    expect(undone.error).toBeUndefined();
    expect(undone.data).toMatchObject({ status: "undone", undoSummary: { removed: 1, restored: 1, kept: 1 } });
    const olga = await t.db.lead.findUniqueOrThrow({ where: { id: existing.id } });
    expect([olga.company, olga.city]).toEqual(["Antes", "Lima"]);
    expect(await leadsWithEmail("pablo-undo@example.test")).toEqual([]);
    expect(await leadsWithEmail("quique-undo@example.test")).toHaveLength(1);
    expect((await undo(started.id)).code).toBe("BAD_REQUEST");
  });

  it("is refused after 24 hours", async () => {
    const started = await start("Name,Email\nRita,rita-late@example.test\n", "create");
    await runJobs();
    await t.db.$executeRaw`UPDATE "LeadImport" SET "completedAt" = now() - interval '25 hours' WHERE "id" = ${started.id}`;
    const answer = await undo(started.id);
    expect(answer.code).toBe("BAD_REQUEST");
    expect(answer.error?.message).toMatch(/24 hours/);
    expect(await leadsWithEmail("rita-late@example.test")).toHaveLength(1);
  });
});

describe("tenancy and visibility", () => {
  it("another organization's people, and a member who did not start it, see no import", async () => {
    const started = await start("Name,Email\nSara,sara-tenant@example.test\n", "create");
    await runJobs();
    const other = await seedOrganization(t.db);
    const stranger = await sessionCookie({ userId: other.ownerId, organizationId: other.id });
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const colleague = await sessionCookie({ userId: member.userId, organizationId: t.org.id });
    for (const cookie of [stranger, colleague]) {
      expect((await get(started.id, cookie)).code).toBe("NOT_FOUND");
      expect((await undo(started.id, cookie)).code).toBe("NOT_FOUND");
      const list = await trpc<{ data: { id: string }[] }>(t.server, "leads.imports.list", { cookie });
      expect(list.data.data.map((i) => i.id)).not.toContain(started.id);
      const refused = await fetch(`${t.server.baseUrl}/api/exports/lead-imports/refused?importId=${started.id}`, { headers: { cookie } });
      expect(refused.status).toBe(404);
    }
    expect((await get(started.id)).data.status).toBe("completed");
  });
});
