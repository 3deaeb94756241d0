import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";
import type { Dictionary } from "~/lib/i18n/en";
import type { BadgeTone } from "../ui/badge";

type Outputs = inferRouterOutputs<AppRouter>;
export type WebhookSubscription = Outputs["webhooks"]["dashboardList"]["data"][number];
export type WebhookDelivery = Outputs["webhooks"]["listDeliveries"]["data"][number];
export type DeliveryStatus = WebhookDelivery["status"];

export const DELIVERY_STATUS_TONES: Record<DeliveryStatus, BadgeTone> = { pending: "warning", succeeded: "success", failed: "danger" };

export function managedByLabel(managedBy: string, t: Dictionary): string {
  if (managedBy === "dashboard") return t.settings.hooks.managedBy.dashboard;
  if (managedBy === "api") return t.settings.hooks.managedBy.api;
  return t.settings.hooks.managedByApp(managedBy);
}

export function subscriptionLabel(subscription: Pick<WebhookSubscription, "name" | "targetUrl">): string {
  return subscription.name || subscription.targetUrl;
}
