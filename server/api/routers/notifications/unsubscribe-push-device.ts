import { unsubscribeDevice } from "../../../notifications/push/push-subscriptions";
import { protectedProcedure } from "../../trpc";
import { pushDeviceMeta, pushDeviceOutput, unsubscribePushDeviceInput } from "./push-device.types";

/** Forgets this device's subscription. */
export const unsubscribePushDeviceProcedure = protectedProcedure
  .meta(pushDeviceMeta)
  .input(unsubscribePushDeviceInput)
  .output(pushDeviceOutput)
  .mutation(async ({ ctx, input }) => {
    await unsubscribeDevice(ctx, input.endpoint);
    return { ok: true as const };
  });
