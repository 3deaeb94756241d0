import { Inngest } from "inngest";

/** The app's Inngest client. Sending needs INNGEST_EVENT_KEY (or INNGEST_DEV); the embedded driver never sends. */
export const inngest = new Inngest({ id: "inmo" });

/** A claimed delivery is handed to a `deliver-webhook` run. */
export const WEBHOOK_DELIVERY_DUE = "webhooks/delivery.due";
/** Sent after a write committed deliveries, so the sweeper claims them without waiting for its next minute. */
export const WEBHOOK_DELIVERIES_RECORDED = "webhooks/deliveries.recorded";
