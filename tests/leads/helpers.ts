import { expect } from "vitest";
import type { Db } from "../../server/db/client";
import type { TestServer } from "../support/api-server";

/** Shapes of the lead API as tests read them. */
export type Json = Record<string, unknown>;
export interface Lead extends Json {
  id: string;
  email: string | null;
  phone: string | null;
  status: string;
  source: string;
  stageId: string | null;
  stageName: string | null;
  assignedToId: string | null;
  sourceMetadata: Json | null;
  createdAt: string;
  updatedAt: string;
}
export interface Activity extends Json {
  id: string;
  type: string;
  activityScope: string;
  content: string;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  user: { id: string | null; name: string; email: string | null; image: string | null };
}
export interface Page<T> {
  data: T[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

export async function body<T = Json>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Asserts the error envelope and returns its message. */
export async function expectError(response: Response, status: number, code: string): Promise<string> {
  const parsed = await body<{ error: { message: string; code: string } }>(response, status);
  expect(Object.keys(parsed)).toEqual(["error"]);
  expect(parsed.error.code).toBe(code);
  return parsed.error.message;
}

export function leadsApi(server: TestServer, token: string) {
  return {
    create: (json: Json) => server.api("/leads", { token, method: "POST", json }),
    get: (id: string) => server.api(`/leads/${id}`, { token }),
    update: (id: string, json: Json) => server.api(`/leads/${id}`, { token, method: "PUT", json }),
    remove: (id: string) => server.api(`/leads/${id}`, { token, method: "DELETE" }),
    list: (query = "") => server.api(`/leads${query}`, { token }),
    search: (query: string) => server.api(`/leads/search${query}`, { token }),
    activities: (id: string, query = "") => server.api(`/leads/${id}/activities${query}`, { token }),
    note: (id: string, json: Json) => server.api(`/leads/${id}/notes`, { token, method: "POST", json }),
    communication: (id: string, json: Json) => server.api(`/leads/${id}/communications`, { token, method: "POST", json }),
    /** Creates a lead and reads it back in full. */
    async createFull(json: Json): Promise<Lead> {
      const created = await body<{ id: string }>(await this.create(json), 201);
      return body<Lead>(await this.get(created.id), 200);
    },
  };
}

/** The parsed outbox rows of an organization, oldest first. */
export async function recordedLeadEvents(db: Db, organizationId: string) {
  const rows = await db.webhookEvent.findMany({ where: { organizationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({
    type: row.type,
    origin: row.origin,
    body: JSON.parse(row.body) as { id: string; type: string; createdAt: string; organization: Json; data: Json },
  }));
}

export function query(params: Record<string, string | number>): string {
  return `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}
