import type { JobIo } from "../../inngest/io";
import { performAttempt, type AttemptOutcome, type DeliveryRow } from "./attempt";
import type { EngineDeps } from "./engine";
import { delayBeforeAttempt } from "./schedule";

export interface DeliverWebhookInput {
  deliveryId: string;
  /** The attempt this run starts with: the delivery's `attemptCount + 1` when it was claimed. */
  attempt: number;
  /** The row as claimed, when the driver already read it (embedded only; never part of an Inngest event). */
  preloaded?: DeliveryRow;
}

/** Stable step ids: Inngest memoises by them, so they must not change between deployments. */
export const attemptStepId = (attempt: number) => `attempt-${attempt}`;
export const waitStepId = (attempt: number) => `wait-attempt-${attempt}`;

/**
 * The delivery job, identical under both drivers: attempt, and while the
 * schedule has attempts left, wait the scheduled delay and attempt again.
 * Each attempt's outcome is in the database before the job moves on, so
 * wherever the job is interrupted, the row says where to resume.
 */
export async function deliverWebhookJob(io: JobIo, deps: EngineDeps, input: DeliverWebhookInput): Promise<AttemptOutcome> {
  for (let attempt = input.attempt; ; attempt++) {
    if (attempt > input.attempt) await io.sleep(waitStepId(attempt), delayBeforeAttempt(attempt));
    const preloaded = attempt === input.attempt ? input.preloaded : undefined;
    const outcome = await io.run(attemptStepId(attempt), () => performAttempt(deps, input.deliveryId, attempt, preloaded));
    if (outcome.state !== "retrying") {
      if (outcome.state === "skipped") io.logger.info("webhooks.delivery_skipped", { deliveryId: input.deliveryId, attempt, reason: outcome.reason });
      return outcome;
    }
  }
}
