import type { Db, DbTx } from "../db/client";
import { isMailConfigured } from "../mail/mail-settings";
import { whatsAppSettings } from "./whatsapp-settings";

export const INSTANT_REPLY_CHANNELS = ["whatsapp", "email"] as const;
export type InstantReplyChannel = (typeof INSTANT_REPLY_CHANNELS)[number];

/**
 * Why a channel cannot send for an organization right now:
 * - `whatsapp_not_configured`: the server has no WhatsApp app settings (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN);
 * - `no_sender`: no WhatsApp number is connected (or every one needs reconnecting);
 * - `smtp_not_configured`: outgoing e-mail (SMTP_URL) is not set;
 * - `sandbox`: a sandbox never sends.
 */
export type ChannelUnavailableReason = "whatsapp_not_configured" | "no_sender" | "smtp_not_configured" | "sandbox";

export interface ChannelState {
  channel: InstantReplyChannel;
  available: boolean;
  reason: ChannelUnavailableReason | null;
  /** WhatsApp: the connected number replies go from (the organization's oldest usable one). */
  senderId?: string | null;
}

/**
 * What each channel can do for the organization now. Read at the moment of
 * sending and by the settings page, so neither pretends: a channel is
 * available only when a reply through it can actually leave.
 */
export async function replyChannels(db: Db | DbTx, organizationId: string, sandbox: boolean): Promise<ChannelState[]> {
  if (sandbox) return INSTANT_REPLY_CHANNELS.map((channel) => ({ channel, available: false, reason: "sandbox" }));
  let whatsapp: ChannelState;
  if (whatsAppSettings() === null) {
    whatsapp = { channel: "whatsapp", available: false, reason: "whatsapp_not_configured", senderId: null };
  } else {
    const sender = await db.whatsAppSender.findFirst({
      where: { organizationId, status: "connected" },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    whatsapp = sender
      ? { channel: "whatsapp", available: true, reason: null, senderId: sender.id }
      : { channel: "whatsapp", available: false, reason: "no_sender", senderId: null };
  }
  const email: ChannelState = isMailConfigured()
    ? { channel: "email", available: true, reason: null }
    : { channel: "email", available: false, reason: "smtp_not_configured" };
  return [whatsapp, email];
}
