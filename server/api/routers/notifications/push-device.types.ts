import { z } from "zod";
import { ANY_ROLE } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";

/** Every push-device procedure: the signed-in person's own devices, dashboard only. */
export const pushDeviceMeta: ProcedureMeta = { scope: "none", roles: ANY_ROLE };

const endpointSchema = z.string().trim().min(1).max(2_048);
const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/).max(200);

export const pushDeviceStatusInput = z.object({ endpoint: endpointSchema.nullable() });
export const pushDeviceStatusOutput = z.object({
  /** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
  publicKey: z.string(),
  subscribed: z.boolean(),
  devices: z.number().int(),
});

/** A `PushSubscription.toJSON()` as the browser gives it. */
export const subscribePushDeviceInput = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: base64url, auth: base64url }),
  userAgent: z.string().max(300).nullish(),
});
export const unsubscribePushDeviceInput = z.object({ endpoint: endpointSchema });
export const pushDeviceOutput = z.object({ ok: z.literal(true) });
