import { z } from "zod";
import type { EngineDeps } from "../../server/webhooks/engine";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { inngest, WEBHOOK_DELIVERY_DUE } from "../client";
import { inngestEngineDeps } from "../engine-deps";
import { inngestIo } from "../inngest-io";

const eventData = z.object({ deliveryId: z.uuid(), attempt: z.number().int().positive() });

/**
 * One run per claimed delivery: attempt, then `step.sleep` on the contract's
 * schedule ("wait-attempt-2" … "wait-attempt-6") and attempt again, until it
 * is acknowledged or failed. Each attempt is a durable step whose outcome is
 * also written to the delivery's row, so a redeploy mid-schedule resumes
 * from Inngest's memo and the database agrees with it.
 */
export function createDeliverWebhookFunction(resolveDeps: () => Promise<EngineDeps>) {
  return inngest.createFunction(
    {
      id: "deliver-webhook",
      name: "Deliver webhook",
      triggers: [{ event: WEBHOOK_DELIVERY_DUE }],
      // Step retries cover database hiccups; a receiver's failure is an outcome, not an exception.
      retries: 5,
    },
    async ({ event, step, logger }) => {
      const input = eventData.parse(event.data);
      return deliverWebhookJob(inngestIo(step, logger), await resolveDeps(), input);
    },
  );
}

export const deliverWebhook = createDeliverWebhookFunction(inngestEngineDeps);
