import { listNotifications } from "../../../notifications/notification-list";
import { protectedProcedure } from "../../trpc";
import { listNotificationsInput, listNotificationsMeta, listNotificationsOutput } from "./list-notifications.types";
import { toNotificationWire } from "./notification.types";

/** The bell: the caller's newest notices in this organization (about leads they still see) and how many are unread. */
export const listNotificationsProcedure = protectedProcedure
  .meta(listNotificationsMeta)
  .input(listNotificationsInput)
  .output(listNotificationsOutput)
  .query(async ({ ctx, input }) => {
    const { rows, unread } = await listNotifications(ctx, { beforeSeq: input.beforeSeq === undefined ? undefined : BigInt(input.beforeSeq) });
    return { data: rows.map(toNotificationWire), unread };
  });
