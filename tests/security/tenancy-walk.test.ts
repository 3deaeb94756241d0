import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { appRouter } from "../../server/api/root";
import { renderError } from "../../server/errors/render-error";
import { flushBufferedUsage } from "../../server/rate-limit/usage-buffer";
import { flushApiUsageCounts } from "../../server/usage/request-counter";
import { rejection, sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedOrganization, type SeededOrganization } from "../support/factories";
import { exampleOf, isIdField, missingIdLike, pathWith, publishedOperations, type JsonSchema, type Operation } from "./support/openapi-operations";
import { fingerprintOf, idsOwnedBy, seedTenantData } from "./support/tenant-data";

/**
 * Finding 5: tenancy is tested from the route table, not per area. Every
 * published REST operation (read from the OpenAPI document) and every
 * dashboard procedure that takes an id is called as organization A with
 * organization B's real ids, in the path, the query and the body. Each answer
 * must be exactly what a never-existing id of the same shape gets (so B's
 * records are indistinguishable from missing ones: 404 NOT_FOUND in paths,
 * the documented 400 for references in bodies), never a 5xx, never a success
 * carrying B's ids; and B's data must be unchanged afterwards. A route added
 * later is walked without a new test.
 */
const t = useApiTest();
let orgB: SeededOrganization;
let ownIds: Record<string, string>;
let foreignIds: { table: string; id: string }[];
let bBefore: Record<string, string>;

beforeAll(async () => {
  orgB = await seedOrganization(t.db, { rateLimitExempt: true });
  ownIds = await seedTenantData(t.db, t.server, t.org);
  await seedTenantData(t.db, t.server, orgB);
  foreignIds = await idsOwnedBy(t.db, orgB.id);
  // Usage (of organizations without ceilings, and per day and credential) is written up to a second later: settle it before fingerprinting.
  await flushBufferedUsage();
  await flushApiUsageCounts();
  bBefore = await fingerprintOf(t.db, orgB.id);
}, 120_000);

interface Answer {
  status: number;
  code: string;
  text: string;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let code = "";
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? "";
  } catch {
    // not JSON; the status says enough
  }
  return { status: response.status, code, text };
}

type Slot = { in: "path" | "query" | "body"; name: string };

function idSlots(operation: Operation): Slot[] {
  const slots: Slot[] = operation.parameters.filter((p) => isIdField(p.name)).map((p) => ({ in: p.in, name: p.name }));
  for (const name of Object.keys(operation.body?.properties ?? {})) if (isIdField(name)) slots.push({ in: "body", name });
  return slots;
}

function requestFor(operation: Operation, slot: Slot, value: string) {
  const pathValues: Record<string, string> = {};
  for (const parameter of operation.parameters) if (parameter.in === "path") pathValues[parameter.name] = ownIds[parameter.name] ?? missingIdLike(ownIds.leadId!);
  if (slot.in === "path") pathValues[slot.name] = value;
  const query = slot.in === "query" ? `?${new URLSearchParams({ [slot.name]: value }).toString()}` : "";
  let json: unknown;
  if (operation.body) {
    json = { ...(exampleOf(operation.body) as Record<string, unknown>), ...(slot.in === "body" ? { [slot.name]: value } : {}) };
  }
  return { url: pathWith(operation.path, pathValues) + query, init: { token: t.org.key, method: operation.method, json } };
}

const leaks = (text: string) => foreignIds.filter(({ id }) => text.includes(id)).map(({ table, id }) => `${table} ${id}`);

describe("tenancy, walked from the OpenAPI document", () => {
  const operations = publishedOperations().filter((operation) => operation.authenticated);

  it("the document lists the operations that take ids (the walk is not empty)", () => {
    const withIds = operations.filter((operation) => idSlots(operation).length > 0);
    expect(withIds.length).toBeGreaterThanOrEqual(12);
    expect(foreignIds.map((entry) => entry.table)).toEqual(expect.arrayContaining(["Lead", "LeadActivity", "Project", "Unit", "WebhookSubscription", "Membership", "User"]));
  });

  it.each(operations.map((operation) => [operation.label, operation] as const))("%s: another organization's ids are missing ids", async (_label, operation) => {
    const failures: string[] = [];
    const slots = idSlots(operation);

    // Control: with A's own ids a read finds its record, so a 404 below means "not yours", not "broken request".
    if (operation.method === "GET" && slots.some((slot) => slot.in === "path")) {
      const control = requestFor(operation, { in: "query", name: "__none__" }, "");
      const url = control.url.replace(/\?.*$/, "");
      const response = await t.server.api(url, { token: t.org.key });
      if (response.status !== 200) failures.push(`control ${url} with organization A's own ids: ${response.status}`);
    }

    for (const slot of slots) {
      for (const foreign of foreignIds) {
        const asForeign = requestFor(operation, slot, foreign.id);
        const foreignAnswer = await answerOf(await t.server.api(asForeign.url, asForeign.init));
        const asMissing = requestFor(operation, slot, missingIdLike(foreign.id));
        const missingAnswer = await answerOf(await t.server.api(asMissing.url, asMissing.init));
        const where = `${slot.in} ${slot.name} = B's ${foreign.table}`;
        if (foreignAnswer.status >= 500) failures.push(`${where}: ${foreignAnswer.status} ${foreignAnswer.text}`);
        if (foreignAnswer.status !== missingAnswer.status || foreignAnswer.code !== missingAnswer.code) {
          failures.push(`${where}: ${foreignAnswer.status} ${foreignAnswer.code}, but a missing id gets ${missingAnswer.status} ${missingAnswer.code}`);
        }
        if (foreignAnswer.status < 300 && leaks(foreignAnswer.text).length > 0) failures.push(`${where}: answer carries ${leaks(foreignAnswer.text).join(", ")}`);
        const sameKind = ownIds[slot.name] !== undefined && missingIdLike(ownIds[slot.name]!).slice(0, 4) === missingIdLike(foreign.id).slice(0, 4);
        if (slot.in === "path" && sameKind && foreignAnswer.status !== 404) failures.push(`${where}: ${foreignAnswer.status}, expected 404 NOT_FOUND`);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprintOf(t.db, orgB.id)).toEqual(bBefore);
  });
});

describe("tenancy of the dashboard procedures that take an id", () => {
  const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { meta?: { openapi?: unknown }; inputs: z.ZodType[] } }> } })._def.procedures)
    .filter(([, procedure]) => !procedure._def.meta?.openapi)
    .map(([path, procedure]) => {
      const input = procedure._def.inputs[0];
      const schema = input ? (z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as JsonSchema) : {};
      return { path, schema, slots: Object.keys(schema.properties ?? {}).filter(isIdField) };
    })
    .filter((procedure) => procedure.slots.length > 0);

  it("finds them (webhooks, API keys, connected apps)", () => {
    expect(procedures.map((p) => p.path)).toEqual(expect.arrayContaining(["webhooks.dashboardDelete", "settings.apiKeys.revoke", "settings.connectedApps.revoke"]));
  });

  it.each(procedures.map((procedure) => [procedure.path, procedure] as const))("%s: another organization's ids are missing ids", async (path, procedure) => {
    const caller = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const invoke = (input: unknown) => {
      let target: unknown = caller;
      for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
      return (target as (input: unknown) => Promise<unknown>)(input);
    };
    const outcome = async (input: unknown) => {
      try {
        return { status: 200, code: "", text: JSON.stringify(await invoke(input)) };
      } catch (error) {
        const rendered = renderError(error);
        return { status: rendered.status, code: rendered.code, text: rendered.message };
      }
    };
    const failures: string[] = [];
    for (const slot of procedure.slots) {
      for (const foreign of foreignIds) {
        const base = exampleOf(procedure.schema) as Record<string, unknown>;
        const foreignAnswer = await outcome({ ...base, [slot]: foreign.id });
        const missingAnswer = await outcome({ ...base, [slot]: missingIdLike(foreign.id) });
        const where = `${slot} = B's ${foreign.table}`;
        if (foreignAnswer.status >= 500) failures.push(`${where}: ${foreignAnswer.status} ${foreignAnswer.text}`);
        if (foreignAnswer.status !== missingAnswer.status || foreignAnswer.code !== missingAnswer.code) {
          failures.push(`${where}: ${foreignAnswer.status} ${foreignAnswer.code}, but a missing id gets ${missingAnswer.status} ${missingAnswer.code}`);
        }
        if (foreignAnswer.status < 300 && leaks(foreignAnswer.text).length > 0) failures.push(`${where}: answer carries ${leaks(foreignAnswer.text).join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprintOf(t.db, orgB.id)).toEqual(bBefore);
    void rejection;
  });
});
