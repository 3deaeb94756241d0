import { deviceStatus, pushPublicKey } from "../../../notifications/push/push-subscriptions";
import { protectedProcedure } from "../../trpc";
import { pushDeviceMeta, pushDeviceStatusInput, pushDeviceStatusOutput } from "./push-device.types";

/** Profile → "Notifications on this device": the key to subscribe with and whether this device already pushes. */
export const pushDeviceStatusProcedure = protectedProcedure
  .meta(pushDeviceMeta)
  .input(pushDeviceStatusInput)
  .output(pushDeviceStatusOutput)
  .query(async ({ ctx, input }) => ({ publicKey: await pushPublicKey(ctx), ...(await deviceStatus(ctx, input.endpoint)) }));
