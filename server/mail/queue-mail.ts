import type { DbTx } from "../db/client";
import { markWorkQueued } from "../jobs/queued-work";
import { sealLink } from "./sealed-link";
import type { OutgoingMessage } from "./smtp-transport";
import { currentTraceparent } from "../observability/spans";

export const SEND_MAIL_JOB_ID = "send-mail";

/**
 * Queues a mail in the caller's transaction (outbox): it is sent by the
 * send-mail job once the change commits, and never if it rolls back.
 * Returns the mail's id, so a flow can show its status. A mail carrying an
 * account link is rendered with SEALED_LINK_PLACEHOLDER and given the `link`,
 * which is stored sealed and put in only when sending (sealed-link.ts).
 */
export async function queueMail(
  tx: DbTx,
  mail: { organizationId: string | null; kind: string; message: OutgoingMessage; link?: string },
): Promise<string> {
  const { message } = mail;
  const row = await tx.outgoingMail.create({
    data: {
      organizationId: mail.organizationId,
      kind: mail.kind,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      sealedLink: mail.link === undefined ? null : sealLink(message, mail.link),
      traceparent: currentTraceparent(),
    },
    select: { id: true },
  });
  markWorkQueued(SEND_MAIL_JOB_ID);
  return row.id;
}
