import type { Db } from "../../db/client";
import { whatsAppIdsOf } from "../../phones/phone-number";

/**
 * Meta's customer service window: "When a WhatsApp user messages you …, a
 * 24-hour timer called a customer service window starts. If the user messages
 * … again before the timer expires, the timer resets to 24 hours. … When the
 * window closes, you can only send pre-approved template messages."
 */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Until when free text from this sender reaches the contact at `e164` (24 h
 * after their last message to it), or null when only a template does. The
 * contact's messages are matched by every form of their WhatsApp id.
 */
export async function serviceWindowOpenUntil(db: Db, organizationId: string, senderId: string, e164: string, now = new Date()): Promise<Date | null> {
  const last = await db.whatsAppMessage.findFirst({
    where: { organizationId, senderId, direction: "inbound", contactDigits: { in: whatsAppIdsOf(e164) } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const until = last ? new Date(last.createdAt.getTime() + SERVICE_WINDOW_MS) : null;
  return until && until > now ? until : null;
}
