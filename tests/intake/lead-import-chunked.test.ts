import { describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { runDeferredJob } from "../../server/jobs/deferred/run-deferred-job";
import { ROWS_PER_TRANSACTION } from "../../server/leads/imports/write-import-rows";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { observeEvents } from "../support/observe-events";
import { body, type Json } from "../leads/helpers";

/**
 * An import is written a chunk at a time in set-sized statements
 * (server/leads/intake/write-intake-chunk.ts); the outcome must be the one of
 * writing its rows one by one. Two organizations alike — three agents in a
 * catch-all round-robin pool, the same existing leads, duplicate policy
 * `suggest`, every event observed — take the same rows: one as a CSV import
 * through the dashboard, the other through `POST /leads/batch`, which writes
 * each item on its own through `writeIntakeLead`. Rows repeat existing leads
 * (e-mail, phone written another way), earlier rows of the file (across chunk
 * boundaries too), names and companies; some are refused.
 */
const t = useApiTest({ organization: false });
const driver = () => new EmbeddedDriver({ db: t.db, jobs: [runDeferredJob] });
const EXISTING = 40;
const COMPANIES = ["Andes SA", "Pacífico Ltda", "Sierra SAS"];

interface Org {
  id: string;
  key: string;
  ownerId: string;
  agents: string[];
}

async function organization(name: string): Promise<Org> {
  const org = await seedOrganization(t.db, { name, rateLimitExempt: true, maxLeads: null });
  await observeEvents(t.db, org.id);
  const agents: string[] = [];
  for (let i = 0; i < 3; i++) agents.push((await seedMember(t.db, org.id, { name: `Agent ${i + 1}` })).userId);
  const pool = await t.server.api("/round-robin", { token: org.key, method: "POST", json: { name: "Everyone", participantIds: agents } });
  expect(pool.status).toBe(201);
  const existing = Array.from({ length: EXISTING }, (_, i) => ({
    firstName: `Existente${i}`,
    email: `existente${i}@example.test`,
    phone: `+57 310 555 ${String(1000 + i)}`,
    assignedToId: agents[i % 3],
  }));
  await body(await t.server.api("/leads/batch", { token: org.key, method: "POST", json: { leads: existing } }), 200);
  return { id: org.id, key: org.key, ownerId: org.ownerId, agents };
}

/** Row i of the file: [first name, e-mail, phone, company, status]. */
function rowOf(i: number): string[] {
  const company = i % 7 === 0 ? COMPANIES[i % 3]! : "";
  const first = `Persona${i % 60}`;
  if (i % 10 === 0) return ["Repite", `Existente${(i / 10) % EXISTING}@Example.test`, "", "", ""];
  if (i % 50 === 7) return ["Teléfono", "", `+57 (310) 555-${String(1000 + (i % EXISTING))}`, "", ""];
  if (i % 25 === 3) return [first, `fila${i - 1}@example.test`, "", company, ""];
  if (i % 137 === 11) return [first, `fila${i - ROWS_PER_TRANSACTION + 1}@example.test`, "", "", ""];
  if (i % 100 === 13) return ["Mala", "no-es-correo", "", "", ""];
  if (i % 90 === 41) return ["Nadie", "", "", "", ""];
  return [first, `fila${i}@example.test`, `+57 311 ${String(1_000_000 + i)}`, company, i % 40 === 5 ? "contacted" : ""];
}

async function countsOf(org: Org) {
  const grouped = async (table: string, column: string) =>
    Object.fromEntries(
      (await t.db.$queryRawUnsafe<{ key: string; n: bigint }[]>(
        `SELECT "${column}"::text AS key, count(*) AS n FROM "${table}" WHERE "organizationId" = $1::uuid GROUP BY 1 ORDER BY 1`,
        org.id,
      )).map((row) => [row.key, Number(row.n)]),
    );
  const leads = await t.db.lead.findMany({ where: { organizationId: org.id }, select: { assignedToId: true, firstTouchDueAt: true, status: true, roundRobinId: true } });
  return {
    leads: leads.length,
    byAgent: org.agents.map((agent) => leads.filter((lead) => lead.assignedToId === agent).length),
    throughPool: leads.filter((lead) => lead.roundRobinId !== null).length,
    withDeadline: leads.filter((lead) => lead.firstTouchDueAt !== null).length,
    byStatus: await grouped("Lead", "status"),
    timeline: await grouped("LeadActivity", "type"),
    events: await grouped("WebhookEvent", "type"),
    deliveries: await t.db.webhookDelivery.count({ where: { organizationId: org.id } }),
    candidates: await grouped("LeadDuplicateCandidate", "reason"),
    assignments: await t.db.roundRobinAssignment.count({ where: { organizationId: org.id } }),
  };
}

/** Each row's outcome and the e-mail (or phone) of the lead it landed on, comparable across organizations. */
async function describeOutcomes(outcomes: { status: string; leadId: string | null }[]) {
  const ids = outcomes.flatMap((o) => (o.leadId ? [o.leadId] : []));
  const leads = new Map((await t.db.lead.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, phone: true } })).map((l) => [l.id, l]));
  return outcomes.map((o) => [o.status, o.leadId ? (leads.get(o.leadId)!.email ?? leads.get(o.leadId)!.phone) : null]);
}

async function compare(rows: number, onDuplicate: "skip" | "update") {
  const [imported, oneByOne] = [await organization("Chunked"), await organization("One by one")];
  const lines = Array.from({ length: rows }, (_, i) => rowOf(i));

  const byBatch: { status: string; leadId: string | null }[] = [];
  for (let start = 0; start < rows; start += 100) {
    const leads = lines.slice(start, start + 100).map(([firstName, email, phone, company, status]) => ({
      firstName,
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      ...(company ? { company } : {}),
      ...(status ? { status } : {}),
    }));
    const { data } = await body<{ data: { status: string; id?: string }[] }>(
      await t.server.api("/leads/batch", { token: oneByOne.key, method: "POST", json: { leads, onDuplicate } }),
      200,
    );
    byBatch.push(...data.map((o) => ({ status: o.status === "invalid" ? "refused" : o.status, leadId: o.id ?? null })));
  }

  const cookie = await sessionCookie({ userId: imported.ownerId, organizationId: imported.id });
  const csv = ["Nombre,Correo,Teléfono,Empresa,Estado", ...lines.map((line) => line.join(","))].join("\n");
  const started = await trpc<{ id: string }>(t.server, "leads.imports.start", {
    cookie,
    mutation: true,
    input: { fileName: "leads.csv", content: csv, mapping: { firstName: 0, email: 1, phone: 2, company: 3, status: 4 }, onDuplicate },
  });
  expect(started.error).toBeUndefined();
  while ((await driver().runDue()) > 0) {
    // one chunk per claim until the import is done
  }
  const answer = await trpc<Json>(t.server, "leads.imports.get", { cookie, input: { importId: started.data.id } });
  const count = (status: string) => byBatch.filter((o) => o.status === status).length;
  expect(answer.data).toMatchObject({
    status: "completed",
    created: count("created"),
    skipped: count("skipped"),
    updated: count("updated"),
    refused: count("refused"),
  });
  const importRows = await t.db.leadImportRow.findMany({ where: { importId: started.data.id }, orderBy: { rowIndex: "asc" } });
  expect(await describeOutcomes(importRows)).toEqual(await describeOutcomes(byBatch));
  const [chunked, single] = [await countsOf(imported), await countsOf(oneByOne)];
  expect(chunked).toEqual(single);
  return { imported, cookie, importId: started.data.id as string, outcome: answer.data, counts: chunked };
}

describe("a chunked import", () => {
  it("under skip, gives what writing its rows one by one gives, and undo takes it back", async () => {
    const rows = 2 * ROWS_PER_TRANSACTION + 300;
    const { imported, cookie, importId, outcome, counts } = await compare(rows, "skip");
    expect(outcome.skipped).toBeGreaterThan(rows / 10);
    expect(outcome.refused).toBeGreaterThan(0);
    expect(counts.candidates.similar_name_and_company).toBeGreaterThan(0);
    expect(Math.min(...counts.byAgent)).toBeGreaterThan(rows / 4);

    const undone = await trpc<Json>(t.server, "leads.imports.undo", { cookie, mutation: true, input: { importId } });
    expect(undone.error).toBeUndefined();
    expect(undone.data).toMatchObject({ status: "undone", undoSummary: { removed: outcome.created, restored: 0, kept: 0 } });
    expect(await t.db.lead.count({ where: { organizationId: imported.id } })).toBe(EXISTING);
    expect(await t.db.webhookEvent.count({ where: { organizationId: imported.id, type: "lead.deleted" } })).toBe(outcome.created);
  }, 600_000);

  it("under update, gives what writing its rows one by one gives", async () => {
    const { outcome } = await compare(ROWS_PER_TRANSACTION + 100, "update");
    expect(outcome.updated).toBeGreaterThan(0);
  }, 600_000);
});
