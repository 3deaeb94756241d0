import { sessionUserId } from "../../account/session-user";
import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { checkTargetUrl } from "../../webhooks/target-url";
import { deliverySettings } from "../../webhooks/settings";
import { vapidKeys } from "./vapid-keys";

export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent?: string | null;
}

/** What a browser needs to subscribe: the server's VAPID public key (the `applicationServerKey`). */
export async function pushPublicKey(ctx: DomainContext): Promise<string> {
  sessionUserId(ctx.principal);
  return (await vapidKeys(ctx.db)).publicKey;
}

/**
 * Stores this device's subscription for the signed-in person. The endpoint
 * names the device, so subscribing again updates it, and a device another
 * person subscribed before now pushes to this one. An endpoint that is not a
 * public https URL is refused (it is where the server will send requests).
 */
export async function subscribeDevice(ctx: DomainContext, device: DeviceSubscription): Promise<void> {
  const userId = sessionUserId(ctx.principal);
  try {
    await checkTargetUrl(device.endpoint, { allowPrivateTargets: deliverySettings().allowPrivateTargets });
  } catch {
    throw new ApiError("VALIDATION_ERROR", "notifications.pushEndpointRefused");
  }
  const data = { userId, p256dh: device.p256dh, auth: device.auth, userAgent: device.userAgent?.slice(0, 300) ?? null };
  await ctx.db.pushSubscription.upsert({ where: { endpoint: device.endpoint }, create: { endpoint: device.endpoint, ...data }, update: data });
}

/** Forgets this device for the signed-in person (their own subscription only). */
export async function unsubscribeDevice(ctx: DomainContext, endpoint: string): Promise<void> {
  const userId = sessionUserId(ctx.principal);
  await ctx.db.pushSubscription.deleteMany({ where: { endpoint, userId } });
}

/** Whether this device (its endpoint) pushes to the signed-in person, and how many devices do. */
export async function deviceStatus(ctx: DomainContext, endpoint: string | null): Promise<{ subscribed: boolean; devices: number }> {
  const userId = sessionUserId(ctx.principal);
  const devices = await ctx.db.pushSubscription.findMany({ where: { userId }, select: { endpoint: true } });
  return { subscribed: endpoint !== null && devices.some((d) => d.endpoint === endpoint), devices: devices.length };
}
