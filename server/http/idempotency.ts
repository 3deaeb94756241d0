import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Principal } from "../auth/principal";
import type { PrismaClient } from "../db/generated/client";
import { ApiError } from "../errors/api-error";

/**
 * `Idempotency-Key` on `POST /api/v1/*`, as Stripe does it: the first request
 * with a key claims it, and once it has succeeded its status and body are
 * kept for 24 hours per credential and key (an API key, or one app's
 * tokens for one person: another credential of the organization replaying a
 * key it learned runs its own request, never receives the first one's
 * answer, such as a one-time webhook secret); a retry with the same key and
 * the same request gets that answer again (`Idempotent-Replayed: true`)
 * instead of running twice. The same key with a different request (method,
 * path or body) is 400 BAD_REQUEST. A retry that arrives while the first is
 * still running waits for its answer, so two requests with one key never both
 * execute. Failures are not kept: every write rolls back on an error, so the
 * retry runs again and gets a fresh answer.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

const RETENTION_HOURS = 24;
/** How long a claim belongs to its request. Every request ends well within it (provider calls time out after 10 s). */
const LEASE_SECONDS = 60;
/** How long a retry waits for the first request's answer before answering 409 CONFLICT. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

export type IdempotencyClaim =
  | { kind: "claimed"; finish(status: number, body: string | null): Promise<void>; release(): Promise<void> }
  | { kind: "replay"; status: number; body: string | null };

/** The key as sent; a key out of 1..255 printable ASCII characters is refused before anything runs. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  const key = headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return undefined;
  if (!VALID_KEY.test(key)) throw new ApiError("VALIDATION_ERROR", "idempotency.invalidKey");
  return key;
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestFingerprint(method: string, path: string, input: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${canonicalJson(input)}`).digest("hex");
}

interface StoredRequest {
  fingerprint: string;
  status: number | null;
  responseBody: string | null;
}

/** Who owns a key: the API key, or the app and the person its tokens act for (tokens rotate; the connection stays). */
export function idempotencyCredentialOf(principal: Principal): string {
  switch (principal.kind) {
    case "api_key":
      return `api_key:${principal.apiKeyId}`;
    case "oauth":
      return `oauth:${principal.oauthClientDbId}:${principal.userId}`;
    case "session":
      return `session:${principal.userId}`;
    case "system":
      return "system";
  }
}

/**
 * Claims the key for this request, or finds the answer to give instead. A
 * claim replaces the stored row only when it has expired, or when its request
 * never answered and its lease ran out (the process died mid-request).
 */
export async function claimIdempotencyKey(
  db: PrismaClient,
  owner: { organizationId: string; credential: string },
  key: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  const { organizationId, credential } = owner;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await db.$queryRaw<{ claimed: boolean }[]>`
      INSERT INTO "IdempotentRequest" ("organizationId", "credential", "key", "fingerprint", "lockedUntil", "expiresAt")
      VALUES (${organizationId}::uuid, ${credential}, ${key}, ${fingerprint},
              now() + ${LEASE_SECONDS}::int * interval '1 second', now() + ${RETENTION_HOURS}::int * interval '1 hour')
      ON CONFLICT ("organizationId", "credential", "key") DO UPDATE SET
        "fingerprint" = EXCLUDED."fingerprint", "status" = NULL, "responseBody" = NULL, "createdAt" = now(),
        "lockedUntil" = EXCLUDED."lockedUntil", "expiresAt" = EXCLUDED."expiresAt"
      WHERE "IdempotentRequest"."expiresAt" <= now()
         OR ("IdempotentRequest"."status" IS NULL AND "IdempotentRequest"."lockedUntil" <= now()
             AND "IdempotentRequest"."fingerprint" = EXCLUDED."fingerprint")
      RETURNING true AS "claimed"`;
    if (claimed.length > 0) return claimOf(db, owner, key, fingerprint);

    const [stored] = await db.$queryRaw<StoredRequest[]>`
      SELECT "fingerprint", "status", "responseBody" FROM "IdempotentRequest"
      WHERE "organizationId" = ${organizationId}::uuid AND "credential" = ${credential} AND "key" = ${key} AND "expiresAt" > now()`;
    if (stored === undefined) continue; // released or expired in between: claim again
    if (stored.fingerprint !== fingerprint) throw new ApiError("BAD_REQUEST", "idempotency.mismatch");
    if (stored.status !== null) return { kind: "replay", status: stored.status, body: stored.responseBody };
    if (Date.now() >= deadline) throw new ApiError("CONFLICT", "idempotency.inFlight", { retryAfter: 1 }, { "Retry-After": "1" });
    await sleep(POLL_MS);
  }
}

function claimOf(db: PrismaClient, owner: { organizationId: string; credential: string }, key: string, fingerprint: string): IdempotencyClaim {
  const { organizationId, credential } = owner;
  return {
    kind: "claimed",
    async finish(status, body) {
      await db.$executeRaw`
        UPDATE "IdempotentRequest" SET "status" = ${status}::int, "responseBody" = ${body}, "lockedUntil" = now()
        WHERE "organizationId" = ${organizationId}::uuid AND "credential" = ${credential} AND "key" = ${key} AND "fingerprint" = ${fingerprint}`;
    },
    async release() {
      await db.$executeRaw`
        DELETE FROM "IdempotentRequest"
        WHERE "organizationId" = ${organizationId}::uuid AND "credential" = ${credential} AND "key" = ${key} AND "fingerprint" = ${fingerprint}
          AND "status" IS NULL`;
    },
  };
}

/** Retention: answers older than 24 hours are deleted (also by the hourly prune job); claims are retried, never kept. */
export async function pruneExpiredIdempotentRequests(db: Pick<PrismaClient, "$executeRaw">, limit: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "IdempotentRequest" WHERE ("organizationId", "credential", "key") IN (
      SELECT "organizationId", "credential", "key" FROM "IdempotentRequest" WHERE "expiresAt" <= now() LIMIT ${limit}::int)`;
}

export interface DoorAnswer {
  status: number;
  body: string | null;
  replayed: boolean;
}

/**
 * Runs a request at most once per key: a claimed key runs it and keeps a
 * successful answer; a kept answer is given again after `chargeReplay` (a
 * replay is a request like any other for the rate limits).
 */
export async function answerOnce(
  claim: IdempotencyClaim,
  run: () => Promise<Omit<DoorAnswer, "replayed">>,
  chargeReplay: () => Promise<void>,
  onUnrecorded: (error: unknown) => void,
): Promise<DoorAnswer> {
  if (claim.kind === "replay") {
    await chargeReplay();
    return { status: claim.status, body: claim.body, replayed: true };
  }
  let answer: Omit<DoorAnswer, "replayed">;
  try {
    answer = await run();
  } catch (error) {
    await claim.release().catch(onUnrecorded);
    throw error;
  }
  // The write has committed: failing to record its answer must not turn it into an error. The claim then stays
  // unanswered: retries get 409 CONFLICT until its lease runs out, and run again after it.
  await (answer.status < 300 ? claim.finish(answer.status, answer.body) : claim.release()).catch(onUnrecorded);
  return { ...answer, replayed: false };
}
