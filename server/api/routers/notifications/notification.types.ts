import { z } from "zod";
import { NOTIFICATION_KINDS } from "../../../notifications/notification-kinds";
import type { NotificationRow } from "../../../notifications/notification-list";
import { timestampSchema } from "../../schemas/timestamp";

export const notificationSchema = z.object({
  id: z.uuid(),
  /** Order of arrival; page older notices with `beforeSeq`. */
  seq: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  leadId: z.string().nullable(),
  leadName: z.string().nullable(),
  /** What the notice names besides the lead, as written when it was made: the unit's name for `sheet_viewed` (null for a project's sheet). */
  subject: z.string().nullable(),
  readAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type NotificationWire = z.infer<typeof notificationSchema>;

export function toNotificationWire(row: NotificationRow): NotificationWire {
  return {
    id: row.id,
    seq: row.seq.toString(),
    kind: row.kind,
    leadId: row.leadId,
    leadName: row.leadName,
    subject: row.subject,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
