import { expect } from "vitest";
import type { Db } from "../../server/db/client";
import type { ApiTest } from "../support/api-test";
import { seedLead } from "../support/factories";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const THROTTLE = {
  maxPerMinute: 60,
  businessHoursStart: "09:00",
  businessHoursEnd: "18:00",
  timezone: "America/New_York",
  weekdays: [1, 2, 3, 4, 5],
};

/** Asserts the contract's error envelope and returns its message. */
export async function expectError(response: Response, status: number, code: string): Promise<string> {
  const parsed = (await response.json()) as { error: { message: string; code: string } };
  expect({ status: response.status, code: parsed.error?.code }).toEqual({ status, code });
  return parsed.error.message;
}

/** Sequence calls over the REST door with the seeded organization's key (or another token). */
export function sequencesApi(t: ApiTest, token?: () => string) {
  const key = () => (token ? token() : t.org.key);
  const call = (path: string, init: { method?: string; json?: unknown } = {}) => t.server.api(path, { token: key(), ...init });
  return {
    call,
    list: (query = "") => call(`/sequences${query}`),
    create: (json: unknown) => call("/sequences", { method: "POST", json }),
    get: (id: string) => call(`/sequences/${id}`),
    patch: (id: string, json: unknown) => call(`/sequences/${id}`, { method: "PATCH", json }),
    remove: (id: string) => call(`/sequences/${id}`, { method: "DELETE" }),
    preview: (criteria: unknown) => call("/sequences/preview-audience", { method: "POST", json: { criteria } }),
    launch: (id: string) => call(`/sequences/${id}/launch`, { method: "POST" }),
    pause: (id: string) => call(`/sequences/${id}/pause`, { method: "POST" }),
    resume: (id: string) => call(`/sequences/${id}/resume`, { method: "POST" }),
    async createSequence(json: Record<string, unknown> = {}): Promise<string> {
      const response = await call("/sequences", { method: "POST", json: { name: "Calls", criteria: {}, throttle: THROTTLE, ...json } });
      const body = (await response.json()) as Json;
      expect(response.status, JSON.stringify(body)).toBe(201);
      return body.id;
    },
  };
}

/** Leads through the domain (callable unless `phone: null` is given). */
export async function seedCallableLeads(db: Db, organizationId: string, count: number, fields: Record<string, unknown> = {}) {
  const leads = [];
  for (let i = 0; i < count; i++) leads.push(await seedLead(db, organizationId, { phone: `+1 555 010 ${String(i).padStart(4, "0")}`, ...fields }));
  return leads;
}

/** Many callable leads in one statement (audience-size tests); ids look like lead ids. */
export async function bulkInsertLeads(db: Db, organizationId: string, count: number) {
  await db.$executeRaw`
    INSERT INTO "Lead" ("id", "organizationId", "phone", "updatedAt")
    SELECT 'lead_' || substr(md5(random()::text || g::text), 1, 24), ${organizationId}::uuid, '+1555' || g::text, now()
    FROM generate_series(1, ${count}) g`;
}
