import { Prisma, type PrismaClient } from "../db/generated/client";
import type { Principal } from "../auth/principal";

/** What monthly units were spent on (the Usage page's breakdown). */
export type UsageCategory = "request" | "message" | "sequence_launch";

/** How long counts wait in memory before they are written, summed per (organization, UTC hour, credential, category). */
const FLUSH_AFTER_MS = 1_000;

type Db = Pick<PrismaClient, "$executeRaw">;
interface Pending {
  db: Db;
  organizationId: string;
  /** The start of the UTC hour, ISO 8601. */
  hour: string;
  credentialKind: string;
  credentialId: string;
  userId: string;
  category: UsageCategory;
  requests: number;
  units: number;
}

const globalForCounter = globalThis as unknown as { inmoApiUsageHours?: { pending: Map<string, Pending>; timer?: NodeJS.Timeout } };

function state() {
  if (!globalForCounter.inmoApiUsageHours) {
    globalForCounter.inmoApiUsageHours = { pending: new Map() };
    process.once("beforeExit", () => void flushApiUsageCounts());
  }
  return globalForCounter.inmoApiUsageHours;
}

/** The credential a request is counted under; a connected app's requests also by the person who connected it. */
function credentialOf(principal: Principal): { kind: string; id: string; userId: string } {
  if (principal.kind === "api_key" && principal.apiKeyId) return { kind: "api_key", id: principal.apiKeyId, userId: "" };
  if (principal.kind === "oauth" && principal.oauthClientDbId) return { kind: "oauth", id: principal.oauthClientDbId, userId: principal.userId ?? "" };
  return { kind: "system", id: "", userId: "" };
}

/**
 * Counts one REST request (and the monthly units it charged) for the Usage
 * page. Costs the request a map update: the sums are written by one
 * statement a second, off the request's path, like the unlimited-usage
 * buffer. At most the last second of counts is lost if the process dies;
 * the limiter's own counters (what is enforced) are not affected.
 */
export function countApiUsage(db: Db, principal: Principal, category: UsageCategory, units: number, requests = 1, now = new Date()): void {
  const { kind, id, userId } = credentialOf(principal);
  const hour = `${now.toISOString().slice(0, 13)}:00:00.000Z`;
  const key = `${principal.organizationId}|${hour}|${kind}|${id}|${userId}|${category}`;
  const s = state();
  const entry = s.pending.get(key);
  if (entry) {
    entry.requests += requests;
    entry.units += units;
  } else {
    s.pending.set(key, { db, organizationId: principal.organizationId, hour, credentialKind: kind, credentialId: id, userId, category, requests, units });
  }
  if (s.timer === undefined) {
    s.timer = setTimeout(() => void flushApiUsageCounts(), FLUSH_AFTER_MS);
    s.timer.unref();
  }
}

/** Writes every pending count now: one multi-row upsert per database client. */
export async function flushApiUsageCounts(): Promise<void> {
  const s = state();
  clearTimeout(s.timer);
  s.timer = undefined;
  // Sorted, so concurrent flushes from several processes lock rows in the same order.
  const entries = [...s.pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  s.pending.clear();
  const byDb = new Map<Db, Pending[]>();
  for (const e of entries) byDb.set(e.db, [...(byDb.get(e.db) ?? []), e]);
  await Promise.all(
    [...byDb.entries()].map(([db, rows]) =>
      db
        .$executeRaw`
          INSERT INTO "ApiUsageHour" ("organizationId", "hour", "credentialKind", "credentialId", "userId", "category", "requests", "units")
          SELECT v.* FROM (VALUES ${Prisma.join(
            rows.map(
              (r) =>
                Prisma.sql`(${r.organizationId}::uuid, ${r.hour}::timestamptz, ${r.credentialKind}, ${r.credentialId}, ${r.userId}, ${r.category}, ${r.requests}::int, ${r.units}::int)`,
            ),
          )}) AS v("organizationId", "hour", "credentialKind", "credentialId", "userId", "category", "requests", "units")
          -- An organization deleted since its request was counted drops out instead of failing the batch.
          JOIN "Organization" o ON o."id" = v."organizationId"
          ON CONFLICT ("organizationId", "hour", "credentialKind", "credentialId", "userId", "category") DO UPDATE
            SET "requests" = "ApiUsageHour"."requests" + EXCLUDED."requests", "units" = "ApiUsageHour"."units" + EXCLUDED."units"`
        .catch(() => {}),
    ),
  );
}
