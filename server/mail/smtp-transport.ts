import nodemailer, { type Transporter } from "nodemailer";
import type { MailSettings } from "./mail-settings";
import { inSpan, SpanKind } from "../observability/spans";

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

/** Each SMTP phase's budget; a slow server holds a worker at most this long per phase (the claim's heartbeat keeps its lease meanwhile). */
const SMTP_TIMEOUT_MS = 30_000;

/** One pooled transport per SMTP URL, reused across mails. */
const transports = new Map<string, Transporter>();

function transportFor(settings: MailSettings): Transporter {
  let transport = transports.get(settings.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    transports.set(settings.smtpUrl, transport);
  }
  return transport;
}

export function sendOverSmtp(settings: MailSettings, message: OutgoingMessage): Promise<SmtpResult> {
  return inSpan("smtp send", { kind: SpanKind.CLIENT, attributes: { "server.address": new URL(settings.smtpUrl).hostname } }, () => send(settings, message));
}

async function send(settings: MailSettings, message: OutgoingMessage): Promise<SmtpResult> {
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
