import nodemailer, { type Transporter } from "nodemailer";
import { maxWorkMsUnderLease } from "../jobs/lease";
import type { MailSettings } from "./mail-settings";

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SmtpResult =
  | { ok: true; messageId: string; detail: string }
  /** `permanent`: the server refused for good (5xx), so retrying cannot help. */
  | { ok: false; permanent: boolean; detail: string };

/** One pooled transport per SMTP URL, reused across mails. */
const transports = new Map<string, Transporter>();

function transportFor(settings: MailSettings): Transporter {
  let transport = transports.get(settings.smtpUrl);
  if (!transport) {
    const timeout = Math.min(30_000, maxWorkMsUnderLease());
    transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    transports.set(settings.smtpUrl, transport);
  }
  return transport;
}

export async function sendOverSmtp(settings: MailSettings, message: OutgoingMessage): Promise<SmtpResult> {
  try {
    const info = await transportFor(settings).sendMail({ from: settings.from, ...message });
    return { ok: true, messageId: info.messageId ?? "", detail: info.response ?? "accepted" };
  } catch (error) {
    const responseCode = (error as { responseCode?: number }).responseCode;
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, permanent: typeof responseCode === "number" && responseCode >= 500, detail };
  }
}

/** Closes pooled connections (tests, shutdown). */
export function closeSmtpTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
