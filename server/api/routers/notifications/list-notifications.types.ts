import { z } from "zod";
import { ANY_ROLE } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { notificationSchema } from "./notification.types";

/** Dashboard only: notices belong to a signed-in person (decision in docs/decisions.md, "Notifications"). */
export const listNotificationsMeta: ProcedureMeta = { scope: "none", roles: ANY_ROLE };

export const listNotificationsInput = z.object({
  beforeSeq: z.string().regex(/^\d{1,18}$/).optional(),
});

export const listNotificationsOutput = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int(),
});
