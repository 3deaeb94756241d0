import { Prisma } from "../db/generated/client";
import { pinnedClock, sqlNow, sqlNowPlus } from "../jobs/job-clock";
import { logger } from "../system/logger";
import { disableAfterFailingFor } from "./auto-disable";
import type { EngineDeps } from "./engine";
import { delayBeforeAttempt, isFinalAttempt } from "./schedule";
import { decryptSecret } from "../crypto/secret-box";
import { signatureHeaders } from "./signature";
import type { AttemptResult } from "./http-sender";
import { SpanStatusCode } from "@opentelemetry/api";
import { metrics } from "../observability/metrics";
import { inSpan, SpanKind } from "../observability/spans";

/**
 * One delivery attempt, the durable step of both drivers: load the row, send,
 * and record the attempt together with the delivery's new state in a single
 * statement. The attempt number is a guard: only the holder of attempt `n`
 * (the row still at `attemptCount = n - 1` and pending) may record it, so a
 * step replayed after a crash, or two workers racing after a lease expired,
 * never record the same attempt twice and never move the schedule backwards.
 * Due times are set on the database clock.
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
  /** The secret before a rotation, while its overlap lasts (database clock); null otherwise. */
  previousSecretCiphertext: string | null;
  isActive: boolean;
  /** The credential that manages the subscription (an API key, a connected app) is still live. */
  credentialLive: boolean;
}

/**
 * A subscription created by an integration lives only as long as its
 * credential: an API key that is revoked or expired, or an OAuth client that
 * is disabled or no longer connected to the organization, sends nothing more.
 */
const CREDENTIAL_LIVE = Prisma.sql`CASE s."managedBy"
    WHEN 'api_key' THEN EXISTS (
      SELECT 1 FROM "ApiKey" k
      WHERE k.id = s."managedByApiKeyId" AND k."isActive" AND (k."expiresAt" IS NULL OR k."expiresAt" > now()))
    WHEN 'oauth_client' THEN EXISTS (
      SELECT 1 FROM "OAuthClient" c
      WHERE c.id = s."managedByClientId" AND c."isActive" AND EXISTS (
        SELECT 1 FROM "OAuthAccessToken" t
        WHERE t."clientId" = c.id AND t."organizationId" = s."organizationId" AND t."revokedAt" IS NULL))
    ELSE true END`;

/** The columns of a `DeliveryRow`, over the delivery `t`, its event `e` and its subscription `s`. */
export const DELIVERY_ROW_COLUMNS = Prisma.sql`
  t.id, t.status::text AS status, t."attemptCount", t."subscriptionId",
  e.type, e.origin::text AS origin, e.body,
  s."targetUrl", s."secretCiphertext",
  CASE WHEN s."previousSecretExpiresAt" > now() THEN s."previousSecretCiphertext" END AS "previousSecretCiphertext",
  s."isActive", ${CREDENTIAL_LIVE} AS "credentialLive"`;

async function loadDelivery(deps: EngineDeps, deliveryId: string): Promise<DeliveryRow | null> {
  const rows = await deps.db.$queryRaw<DeliveryRow[]>`
    SELECT ${DELIVERY_ROW_COLUMNS}
    FROM "WebhookDelivery" t
    JOIN "WebhookEvent" e ON e.id = t."eventId"
    JOIN "WebhookSubscription" s ON s.id = t."subscriptionId"
    WHERE t.id = ${deliveryId}::uuid`;
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
  /** The receiver answered 410 Gone: the subscription is turned off at once (`unsubscribed`). */
  gone?: boolean;
}

/** The call to the receiver as a client span: its host and answer, never the URL's path or query (they may hold a token). */
function sendInSpan(row: DeliveryRow, send: () => Promise<AttemptResult>): Promise<AttemptResult> {
  return inSpan("webhook POST", { kind: SpanKind.CLIENT, attributes: { "server.address": hostOf(row.targetUrl), "inmo.delivery_id": row.id } }, async (span) => {
    const result = await send();
    if (result.statusCode !== null) span.setAttribute("http.response.status_code", result.statusCode);
    if (!result.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error ?? `HTTP ${result.statusCode}` });
    return result;
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "invalid";
  }
}

/** Records the attempt and the delivery's next state atomically; `superseded` when another worker got there first. */
async function record(deps: EngineDeps, row: DeliveryRow, recorded: Recorded): Promise<AttemptOutcome> {
  const { attempt, ok } = recorded;
  const clock = pinnedClock(deps.clock);
  const now = sqlNow(clock);
  const retry = !ok && !recorded.final && !isFinalAttempt(attempt);
  const status = ok ? "succeeded" : retry ? "pending" : "failed";
  const delayMs = retry ? delayBeforeAttempt(attempt + 1) : 0;
  const nextAttemptAt = retry ? sqlNowPlus(clock, delayMs) : Prisma.sql`NULL::timestamptz`;
  const lockedUntil =
    retry && deps.holdAfterFailureMs !== null ? sqlNowPlus(clock, delayMs + deps.holdAfterFailureMs) : Prisma.sql`NULL::timestamptz`;
  const completedAt = status === "pending" ? Prisma.sql`NULL::timestamptz` : now;

  const rows = await deps.db.$queryRaw<{ id: string; nextAttemptAt: Date | null }[]>`
    WITH updated AS (
      UPDATE "WebhookDelivery"
      SET status = ${status}::"DeliveryStatus", "attemptCount" = ${attempt}::int,
          "nextAttemptAt" = ${nextAttemptAt}, "lockedUntil" = ${lockedUntil},
          "completedAt" = ${completedAt}, "updatedAt" = ${now}
      WHERE id = ${row.id}::uuid AND status = 'pending' AND "attemptCount" = ${attempt - 1}::int
      RETURNING id, "subscriptionId", "nextAttemptAt"
    ), logged AS (
      INSERT INTO "WebhookDeliveryAttempt" (id, "deliveryId", number, "startedAt", "durationMs", "statusCode", error)
      SELECT gen_random_uuid(), id, ${attempt}::int, ${recorded.startedAt}::timestamptz, ${recorded.durationMs}::int,
             ${recorded.statusCode}::int, ${recorded.error}::text
      FROM updated
      RETURNING 1
    ), streak AS (
      ${recorded.gone ? unsubscribe(now) : recorded.countsForSubscription ? subscriptionStreakUpdate(ok, now) : Prisma.sql`SELECT 1`}
    )
    SELECT id, "nextAttemptAt" FROM updated`;
  const updated = rows[0];
  if (!updated) return { state: "skipped", reason: "superseded" };
  metrics().deliveryOutcomes.inc({ outcome: status === "pending" ? "retrying" : status });
  const { statusCode, error } = recorded;
  if (status === "succeeded") return { state: "succeeded", attempt, statusCode };
  if (status === "failed") return { state: "failed", attempt, statusCode, error };
  return { state: "retrying", attempt, statusCode, error, nextAttemptAt: updated.nextAttemptAt!.toISOString() };
}

/**
 * The subscription's failure streak: reset by a success, grown by a failure,
 * and a subscription failing without a single success for long enough is
 * disabled (see auto-disable.ts). Rows that would not change are not written,
 * so a healthy subscription's row is not a hot spot.
 */
function subscriptionStreakUpdate(ok: boolean, now: Prisma.Sql): Prisma.Sql {
  if (ok) {
    return Prisma.sql`
      UPDATE "WebhookSubscription" s SET "consecutiveFailures" = 0, "failingSince" = NULL
      FROM updated u
      WHERE s.id = u."subscriptionId" AND (s."consecutiveFailures" <> 0 OR s."failingSince" IS NOT NULL)
      RETURNING 1`;
  }
  const disable = disableAfterFailingFor(now);
  return Prisma.sql`
    UPDATE "WebhookSubscription" s
    SET "consecutiveFailures" = s."consecutiveFailures" + 1,
        "failingSince" = COALESCE(s."failingSince", ${now}),
        "isActive" = CASE WHEN ${disable} THEN false ELSE s."isActive" END,
        "disabledReason" = CASE WHEN ${disable} THEN 'failing'::"SubscriptionDisabledReason" ELSE s."disabledReason" END,
        "disabledAt" = CASE WHEN ${disable} THEN ${now} ELSE s."disabledAt" END
    FROM updated u
    WHERE s.id = u."subscriptionId"
    RETURNING 1`;
}

/**
 * 410 Gone is how automation platforms (Zapier's REST hooks, Make) say the
 * user removed the zap or scenario: retrying for days would only spam a
 * receiver that told us to stop, so the subscription is turned off at once.
 */
function unsubscribe(now: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    UPDATE "WebhookSubscription" s
    SET "isActive" = false, "disabledReason" = 'unsubscribed'::"SubscriptionDisabledReason", "disabledAt" = ${now}
    FROM updated u
    WHERE s.id = u."subscriptionId" AND s."isActive"
    RETURNING 1`;
}

function finalWithoutSending(deps: EngineDeps, row: DeliveryRow, attempt: number, error: string): Promise<AttemptOutcome> {
  const recorded = { attempt, startedAt: deps.clock(), durationMs: 0, statusCode: null, error, countsForSubscription: false, ok: false, final: true };
  return record(deps, row, recorded);
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

  // A delivery that must not be sent ends visibly in the log instead of waiting forever.
  if (!row.isActive) return finalWithoutSending(deps, row, attempt, "subscription disabled; not sent");
  if (!row.credentialLive) return finalWithoutSending(deps, row, attempt, "the credential that manages this subscription was revoked; not sent");
  const secret = readSecret(row, row.secretCiphertext);
  if (secret === null) {
    // Retrying cannot help: only an operator restoring the old key (WEBHOOK_SECRET_KEY_PREVIOUS) can.
    return finalWithoutSending(deps, row, attempt, "the signing secret cannot be decrypted with the configured keys; not sent");
  }

  const startedAt = deps.clock();
  const result = await sendInSpan(row, () => deps.send(
    {
      url: row.targetUrl,
      body: row.body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Service-Event": row.type,
        "X-Service-Delivery": row.id,
        ...signatureHeaders(row.body, secret, row.previousSecretCiphertext === null ? null : readSecret(row, row.previousSecretCiphertext)),
        "X-Service-Source": row.origin,
      },
    },
    deps.settings(),
  ));
  const outcome = await record(
    deps,
    row,
    {
      attempt,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      countsForSubscription: true,
      ok: result.ok,
      ...(result.statusCode === 410 ? { final: true, gone: true } : {}),
    },
  );
  if (outcome.state === "failed") {
    logger.warn("webhooks.delivery_failed", { deliveryId, attempts: attempt, statusCode: result.statusCode, error: result.error });
  }
  return outcome;
}

function readSecret(row: DeliveryRow, ciphertext: string): string | null {
  try {
    return decryptSecret(ciphertext);
  } catch (error) {
    logger.error("webhooks.secret_undecryptable", { deliveryId: row.id, subscriptionId: row.subscriptionId, error });
    return null;
  }
}
