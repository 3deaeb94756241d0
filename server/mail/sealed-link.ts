import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import type { OutgoingMessage } from "./smtp-transport";

/**
 * Account mails (password reset, address verification, invitations) carry a
 * link whose token opens the account. The queued mail is written with this
 * stand-in where the link goes; the link itself is kept sealed
 * (secret-box, key outside the database) beside it, put in only at the
 * moment of sending, and erased once the mail is sent or given up (second
 * audit, M2): reading the database never yields a usable link.
 */
export const SEALED_LINK_PLACEHOLDER = "https://link.inmo.invalid/sealed";

export function sealLink(message: OutgoingMessage, link: string): string {
  if (!message.text.includes(SEALED_LINK_PLACEHOLDER)) throw new Error("a mail with a sealed link must be rendered with SEALED_LINK_PLACEHOLDER as its url");
  return encryptSecret(link);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The message as sent: the stand-in replaced by the opened link (HTML-escaped in the HTML part). */
export function unsealLink(message: OutgoingMessage, sealed: string | null): OutgoingMessage {
  if (sealed === null) return message;
  const link = decryptSecret(sealed);
  return {
    ...message,
    text: message.text.replaceAll(SEALED_LINK_PLACEHOLDER, link),
    html: message.html.replaceAll(escapeHtml(SEALED_LINK_PLACEHOLDER), escapeHtml(link)),
  };
}
