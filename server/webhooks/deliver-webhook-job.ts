import { z } from "zod";
import { defineRowClaimedJob } from "../jobs/job-definition";
import type { JobIo } from "../jobs/job-io";
import { performAttempt, type AttemptOutcome, type DeliveryRow } from "./attempt";
import { claimDueDeliveries, deliverySource } from "./claim";
import { engineDepsOf, type EngineDeps } from "./engine";
import { delayBeforeAttempt } from "./schedule";
import { deliveryConcurrencyPerOrganization } from "./settings";

export const DELIVER_WEBHOOK_JOB_ID = "deliver-webhook";

const deliverWebhookInput = z.object({
  deliveryId: z.uuid(),
  organizationId: z.uuid(),
  /** The attempt this run starts with: the delivery's `attemptCount + 1` when it was claimed. */
  attempt: z.number().int().positive(),
  /** Set when the delivery was handed over before it is due (ISO 8601): the run waits until then. */
  waitUntil: z.string().optional(),
});
export type DeliverWebhookInput = z.infer<typeof deliverWebhookInput>;

/** Stable step ids: Inngest memoises by them, so they must not change between deployments. */
export const attemptStepId = (attempt: number) => `attempt-${attempt}`;
export const waitStepId = (attempt: number) => `wait-attempt-${attempt}`;

/**
 * The delivery job body, identical under both drivers: attempt, and while the
 * schedule has attempts left, wait the scheduled delay and attempt again.
 * Each attempt's outcome is in the database before the job moves on, so
 * wherever the job is interrupted, the row says where to resume.
 * `preloaded` is the row as the claim read it, when the run follows the claim in the same process.
 */
export async function deliverWebhook(
  io: JobIo,
  deps: EngineDeps,
  input: Pick<DeliverWebhookInput, "deliveryId" | "attempt" | "waitUntil">,
  preloaded?: DeliveryRow,
): Promise<AttemptOutcome> {
  if (input.waitUntil) await io.sleepUntil(waitStepId(input.attempt), input.waitUntil);
  for (let attempt = input.attempt; ; attempt++) {
    if (attempt > input.attempt) await io.sleep(waitStepId(attempt), delayBeforeAttempt(attempt));
    const row = attempt === input.attempt ? preloaded : undefined;
    const outcome = await io.run(attemptStepId(attempt), () => performAttempt(deps, input.deliveryId, attempt, row));
    if (outcome.state !== "retrying") {
      if (outcome.state === "skipped") io.logger.info("webhooks.delivery_skipped", { deliveryId: input.deliveryId, attempt, reason: outcome.reason });
      return outcome;
    }
  }
}

/** Signed webhook deliveries: one run per due delivery, retried on the contract's schedule. */
export const deliverWebhookJob = defineRowClaimedJob<DeliverWebhookInput>({
  id: DELIVER_WEBHOOK_JOB_ID,
  name: "Deliver webhook",
  input: deliverWebhookInput,
  // Step retries cover database hiccups; a receiver's failure is an outcome, not an exception.
  retries: 5,
  concurrencyPerOrganization: deliveryConcurrencyPerOrganization(),
  source: deliverySource,
  async claimDue(runtime, options) {
    const claims = await claimDueDeliveries(runtime.db, runtime.clock, { ...options, lookAheadMs: runtime.policy.lookAheadMs });
    return claims.map(({ deliveryId, organizationId, attempt, lease, row, waitUntil, traceparent }) => ({
      organizationId,
      input: { deliveryId, organizationId, attempt, ...(waitUntil ? { waitUntil } : {}) },
      key: `${deliveryId}-${attempt}-${lease.until.getTime()}`,
      lease,
      preloaded: row,
      traceparent,
    }));
  },
  run: (io, runtime, { input, preloaded }) => deliverWebhook(io, engineDepsOf(runtime), input, preloaded as DeliveryRow | undefined),
});
