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
  const smtpUrl = process.env.SMTP_URL?.trim();
  if (!smtpUrl) return null;
  return { smtpUrl, from: process.env.MAIL_FROM?.trim() || defaultFrom() };
}

export function isMailConfigured(): boolean {
  return mailSettings() !== null;
}

function defaultFrom(): string {
  let host = "localhost";
  try {
    host = new URL(process.env.NEXTAUTH_URL ?? "http://localhost").hostname;
  } catch {
    // keep localhost
  }
  return `inmo <no-reply@${host}>`;
}

/**
 * How many mails the whole server sends per hour, across every organization
 * (`MAIL_BUDGET_PER_HOUR`, default 1000; second audit, L5): whatever gets past
 * the per-organization and per-address budgets, inmo never becomes a bulk
 * mailer. Mails beyond it wait their turn; none is dropped.
 */
export const DEFAULT_MAIL_BUDGET_PER_HOUR = 1000;

export function mailBudgetPerHour(): number {
  const configured = Number.parseInt(process.env.MAIL_BUDGET_PER_HOUR ?? "", 10);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAIL_BUDGET_PER_HOUR;
}
