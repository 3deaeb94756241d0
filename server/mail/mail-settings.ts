import { config } from "../config/config";

/**
 * Outgoing email: `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.com:465`,
 * or `smtp://…:587` with STARTTLS) and `MAIL_FROM` (default
 * `inmo <no-reply@HOST>`, from NEXTAUTH_URL's host). Without `SMTP_URL`
 * nothing pretends to send: mails are recorded as not sent, Settings says so,
 * and flows that need a mail offer a copyable link instead.
 */
export interface MailSettings {
  smtpUrl: string;
  from: string;
}

export function mailSettings(): MailSettings | null {
  const { SMTP_URL, MAIL_FROM } = config();
  if (!SMTP_URL) return null;
  return { smtpUrl: SMTP_URL, from: MAIL_FROM ?? defaultFrom() };
}

export function isMailConfigured(): boolean {
  return mailSettings() !== null;
}

function defaultFrom(): string {
  const origin = config().NEXTAUTH_URL;
  return `inmo <no-reply@${origin ? new URL(origin).hostname : "localhost"}>`;
}

/**
 * How many mails the whole server sends per hour, across every organization
 * (`MAIL_BUDGET_PER_HOUR`, default 1000; second audit, L5): whatever gets past
 * the per-organization and per-address budgets, inmo never becomes a bulk
 * mailer. Mails beyond it wait their turn; none is dropped.
 */
export function mailBudgetPerHour(): number {
  return config().MAIL_BUDGET_PER_HOUR;
}
