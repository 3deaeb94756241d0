import { z } from "zod";
import { defineJob, type ClaimedWork } from "../jobs/job-definition";
import type { JobIo } from "../jobs/job-io";
import { performAttempt, type AttemptOutcome, type DeliveryRow } from "./attempt";
import { claimDueDeliveries, claimDueDeliveriesWithRows, type ClaimedDelivery } from "./claim";
import { engineDepsOf, type EngineDeps } from "./engine";
import { delayBeforeAttempt } from "./schedule";
import { deliveryConcurrencyPerOrganization } from "./settings";

export const DELIVER_WEBHOOK_JOB_ID = "deliver-webhook";

const deliverWebhookInput = z.object({
  deliveryId: z.uuid(),
  organizationId: z.uuid(),
  /** The attempt this run starts with: the delivery's `attemptCount + 1` when it was claimed. */
  attempt: z.number().int().positive(),
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
 * `preloaded` is the row as the embedded driver claimed it (never in an Inngest event).
 */
export async function deliverWebhook(
  io: JobIo,
  deps: EngineDeps,
  input: Pick<DeliverWebhookInput, "deliveryId" | "attempt">,
  preloaded?: DeliveryRow,
): Promise<AttemptOutcome> {
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

function toWork(claim: ClaimedDelivery, preloaded?: DeliveryRow): ClaimedWork<DeliverWebhookInput> {
  const { deliveryId, organizationId, attempt, lockedUntil } = claim;
  return { organizationId, input: { deliveryId, organizationId, attempt }, key: `${deliveryId}-${attempt}-${Date.parse(lockedUntil)}`, preloaded };
}

/** Signed webhook deliveries: one run per due delivery, retried on the contract's schedule. */
export const deliverWebhookJob = defineJob({
  id: DELIVER_WEBHOOK_JOB_ID,
  name: "Deliver webhook",
  input: deliverWebhookInput,
  // Step retries cover database hiccups; a receiver's failure is an outcome, not an exception.
  retries: 5,
  concurrencyPerOrganization: deliveryConcurrencyPerOrganization(),
  async claimDue(runtime, options) {
    const claimOptions = { clock: runtime.clock, ...options };
    // The embedded driver attempts at once, so its claim reads the rows too; an Inngest run reads its own.
    if (runtime.driver === "inngest") return (await claimDueDeliveries(runtime.db, claimOptions)).map((claim) => toWork(claim));
    return (await claimDueDeliveriesWithRows(runtime.db, claimOptions)).map((claim) => toWork(claim, claim.row));
  },
  run: (io, runtime, { input, preloaded }) => deliverWebhook(io, engineDepsOf(runtime), input, preloaded as DeliveryRow | undefined),
});
