import { subscribeDevice } from "../../../notifications/push/push-subscriptions";
import { protectedProcedure } from "../../trpc";
import { pushDeviceMeta, pushDeviceOutput, subscribePushDeviceInput } from "./push-device.types";

/** Stores this device's Web Push subscription for the signed-in person. */
export const subscribePushDeviceProcedure = protectedProcedure
  .meta(pushDeviceMeta)
  .input(subscribePushDeviceInput)
  .output(pushDeviceOutput)
  .mutation(async ({ ctx, input }) => {
    await subscribeDevice(ctx, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: input.userAgent });
    return { ok: true as const };
  });
