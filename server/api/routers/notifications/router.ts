import { createTRPCRouter } from "../../trpc";
import { listNotificationsProcedure } from "./list-notifications";
import { markNotificationsReadProcedure } from "./mark-notifications-read";
import { pushDeviceStatusProcedure } from "./push-device-status";
import { subscribePushDeviceProcedure } from "./subscribe-push-device";
import { unsubscribePushDeviceProcedure } from "./unsubscribe-push-device";

/** The notification centre and this device's Web Push (dashboard door only). */
export const notificationsRouter = createTRPCRouter({
  list: listNotificationsProcedure,
  markRead: markNotificationsReadProcedure,
  pushDeviceStatus: pushDeviceStatusProcedure,
  subscribePushDevice: subscribePushDeviceProcedure,
  unsubscribePushDevice: unsubscribePushDeviceProcedure,
});
