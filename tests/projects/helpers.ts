import { expect } from "vitest";
import type { Db } from "../../server/db/client";

/** Loosely typed JSON for assertions on response bodies. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function body(response: Response): Promise<Json> {
  return response.json();
}

/** Asserts the contract's error envelope and returns its message. */
export async function expectError(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  const parsed = (await response.json()) as { error: { message: string; code: string } };
  expect(Object.keys(parsed)).toEqual(["error"]);
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  return parsed.error.message;
}

export interface RecordedEvent {
  id: string;
  type: string;
  origin: string;
  envelope: Json;
}

/** The outbox rows of an organization, oldest first, with their bodies parsed. */
export async function recordedEvents(db: Db, organizationId: string): Promise<RecordedEvent[]> {
  const rows = await db.webhookEvent.findMany({ where: { organizationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({ id: row.id, type: row.type, origin: row.origin, envelope: JSON.parse(row.body) }));
}

export const PROJECT_ID = /^prj_[0-9a-z]{24}$/;
export const UNIT_ID = /^unit_[0-9a-z]{24}$/;
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
