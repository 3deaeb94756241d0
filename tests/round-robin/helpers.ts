import { expect } from "vitest";
import type { ApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Asserts the contract's error envelope and returns its message. */
export async function expectError(response: Response, status: number, code: string): Promise<string> {
  const parsed = (await response.json()) as { error: { message: string; code: string } };
  expect({ status: response.status, code: parsed.error?.code }).toEqual({ status, code });
  return parsed.error.message;
}

/** Round-robin calls over the REST door with the seeded organization's key. */
export function roundRobinApi(t: ApiTest, token?: () => string) {
  const key = () => (token ? token() : t.org.key);
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) =>
    t.server.api(path, { token: key(), ...init });
  return {
    call,
    list: (query = "") => call(`/round-robin${query}`),
    create: (json: unknown) => call("/round-robin", { method: "POST", json }),
    get: (id: string) => call(`/round-robin/${id}`),
    patch: (id: string, json: unknown) => call(`/round-robin/${id}`, { method: "PATCH", json }),
    remove: (id: string) => call(`/round-robin/${id}`, { method: "DELETE" }),
    addConnection: (id: string, json: unknown) => call(`/round-robin/${id}/connections`, { method: "POST", json }),
    removeConnection: (id: string, connectionId: string) => call(`/round-robin/${id}/connections/${connectionId}`, { method: "DELETE" }),
    assignments: (id: string, query = "") => call(`/round-robin/${id}/assignments${query}`),
    assign: (json: unknown) => call("/round-robin/assign", { method: "POST", json }),
    createLead: (json: unknown) => call("/leads", { method: "POST", json }),
    async createPool(json: Record<string, unknown>): Promise<string> {
      const response = await call("/round-robin", { method: "POST", json: { name: "Pool", ...json } });
      const body = (await response.json()) as Json;
      expect(response.status, JSON.stringify(body)).toBe(201);
      return body.id;
    },
  };
}

/** `count` members of the organization, in order. */
export async function seedMembers(t: ApiTest, count: number, organizationId?: string) {
  const members = [];
  for (let i = 0; i < count; i++) members.push(await seedMember(t.db, organizationId ?? t.org.id, { name: `Agent ${i + 1}` }));
  return members;
}
