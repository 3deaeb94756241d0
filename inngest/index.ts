import { deliverWebhook } from "./functions/deliver-webhook";
import { sweepWebhookDeliveries } from "./functions/sweep-webhook-deliveries";

/** Every Inngest function the app serves at /api/inngest. */
export const functions = [sweepWebhookDeliveries, deliverWebhook];
