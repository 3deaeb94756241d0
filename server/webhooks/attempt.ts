import { Prisma } from "../db/generated/client";
import { logger } from "../system/logger";
import type { EngineDeps } from "./engine";
import { nextAttemptAfterFailure } from "./schedule";
import { decryptSecret } from "./secrets";
import { signBody } from "./signature";

/**
 * One delivery attempt, the durable step of both drivers: load the row, send,
 * and record the attempt together with the delivery's new state in a single
 * statement. The attempt number is a guard: only the holder of attempt `n`
 * (the row still at `attemptCount = n - 1` and pending) may record it, so a
 * step replayed after a crash, or two workers racing after a lease expired,
 * never record the same attempt twice and never move the schedule backwards.
 */

export const USER_AGENT = "Service-Webhook/1.0";

/** The step's result: JSON-safe, because Inngest memoises it. */
export type AttemptOutcome =
  | { state: "succeeded"; attempt: number; statusCode: number | null }
  | { state: "retrying"; attempt: number; statusCode: number | null; error: string | null; nextAttemptAt: string }
  | { state: "failed"; attempt: number; statusCode: number | null; error: string | null }
  | { state: "skipped"; reason: "gone" | "not-pending" | "superseded" };

/** What an attempt needs to know about its delivery (one join over delivery, event and subscription). */
export interface DeliveryRow {
  id: string;
  status: "pending" | "succeeded" | "failed";
  attemptCount: number;
  subscriptionId: string;
  type: string;
  origin: string;
  body: string;
  targetUrl: string;
  secretCiphertext: string;
  isActive: boolean;
}

export const DELIVERY_ROW_COLUMNS = Prisma.sql`
  d.id, d.status::text AS status, d."attemptCount", d."subscriptionId",
  e.type, e.origin::text AS origin, e.body,
  s."targetUrl", s."secretCiphertext", s."isActive"`;

async function loadDelivery(deps: EngineDeps, deliveryId: string): Promise<DeliveryRow | null> {
  const rows = await deps.db.$queryRaw<DeliveryRow[]>`
    SELECT ${DELIVERY_ROW_COLUMNS}
    FROM "WebhookDelivery" d
    JOIN "WebhookEvent" e ON e.id = d."eventId"
    JOIN "WebhookSubscription" s ON s.id = d."subscriptionId"
    WHERE d.id = ${deliveryId}::uuid`;
  return rows[0] ?? null;
}

interface Recorded {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** The attempt reached the receiver's decision (it counts toward the subscription's failure streak). */
  countsForSubscription: boolean;
  ok: boolean;
  /** Ends the delivery even if the schedule has attempts left. */
  final?: boolean;
}

/** Records the attempt and the delivery's next state atomically; `superseded` when another worker got there first. */
async function record(deps: EngineDeps, row: DeliveryRow, recorded: Recorded, now: Date): Promise<AttemptOutcome> {
  const { attempt, ok } = recorded;
  const nextAttemptAt = ok || recorded.final ? null : nextAttemptAfterFailure(attempt, now);
  const status = ok ? "succeeded" : nextAttemptAt ? "pending" : "failed";
  const lockedUntil = nextAttemptAt ? deps.holdAfterFailure(nextAttemptAt) : null;
  const completedAt = status === "pending" ? null : now;
  const streak = !recorded.countsForSubscription ? Prisma.sql`s."consecutiveFailures"` : ok ? Prisma.sql`0` : Prisma.sql`s."consecutiveFailures" + 1`;

  const rows = await deps.db.$queryRaw<{ id: string }[]>`
    WITH updated AS (
      UPDATE "WebhookDelivery"
      SET status = ${status}::"DeliveryStatus", "attemptCount" = ${attempt}::int,
          "nextAttemptAt" = ${nextAttemptAt}::timestamptz, "lockedUntil" = ${lockedUntil}::timestamptz,
          "completedAt" = ${completedAt}::timestamptz, "updatedAt" = ${now}::timestamptz
      WHERE id = ${row.id}::uuid AND status = 'pending' AND "attemptCount" = ${attempt - 1}::int
      RETURNING id, "subscriptionId"
    ), logged AS (
      INSERT INTO "WebhookDeliveryAttempt" (id, "deliveryId", number, "startedAt", "durationMs", "statusCode", error)
      SELECT gen_random_uuid(), id, ${attempt}::int, ${recorded.startedAt}::timestamptz, ${recorded.durationMs}::int,
             ${recorded.statusCode}::int, ${recorded.error}::text
      FROM updated
      RETURNING 1
    ), streak AS (
      UPDATE "WebhookSubscription" s SET "consecutiveFailures" = ${streak}
      FROM updated u
      WHERE s.id = u."subscriptionId" AND s."consecutiveFailures" IS DISTINCT FROM ${streak}
      RETURNING 1
    )
    SELECT id FROM updated`;
  if (rows.length === 0) return { state: "skipped", reason: "superseded" };
  const { statusCode, error } = recorded;
  if (status === "succeeded") return { state: "succeeded", attempt, statusCode };
  if (status === "failed") return { state: "failed", attempt, statusCode, error };
  return { state: "retrying", attempt, statusCode, error, nextAttemptAt: nextAttemptAt!.toISOString() };
}

/**
 * `preloaded` is the row as the caller just claimed it (the embedded driver
 * claims and reads in one statement); otherwise the step reads it itself.
 */
export async function performAttempt(
  deps: EngineDeps,
  deliveryId: string,
  attempt: number,
  preloaded?: DeliveryRow,
): Promise<AttemptOutcome> {
  const row = preloaded?.id === deliveryId ? preloaded : await loadDelivery(deps, deliveryId);
  if (!row) return { state: "skipped", reason: "gone" };
  if (row.status !== "pending") return { state: "skipped", reason: "not-pending" };
  if (row.attemptCount !== attempt - 1) return { state: "skipped", reason: "superseded" };

  const startedAt = deps.clock();
  if (!row.isActive) {
    // A disabled subscription sends nothing; the delivery ends visibly in the log instead of waiting forever.
    const error = "subscription disabled; not sent";
    const recorded = { attempt, startedAt, durationMs: 0, statusCode: null, error, countsForSubscription: false, ok: false, final: true };
    return record(deps, row, recorded, startedAt);
  }

  const secret = decryptSecret(row.secretCiphertext);
  const result = await deps.send(
    {
      url: row.targetUrl,
      body: row.body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Service-Event": row.type,
        "X-Service-Delivery": row.id,
        "X-Service-Signature": signBody(row.body, secret),
        "X-Service-Source": row.origin,
      },
    },
    deps.settings(),
  );
  const outcome = await record(
    deps,
    row,
    { attempt, startedAt, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error, countsForSubscription: true, ok: result.ok },
    deps.clock(),
  );
  if (outcome.state === "failed") {
    logger.warn("webhooks.delivery_failed", { deliveryId, attempts: attempt, statusCode: result.statusCode, error: result.error });
  }
  return outcome;
}
