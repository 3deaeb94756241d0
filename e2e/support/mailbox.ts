import { existsSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { E2E_MAIL_CAPTURE_FILE } from "./e2e-environment";

export interface E2eMail {
  to: string[];
  subject: string;
  text: string;
}

function mails(): E2eMail[] {
  if (!existsSync(E2E_MAIL_CAPTURE_FILE)) return [];
  return readFileSync(E2E_MAIL_CAPTURE_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as E2eMail);
}

/** The newest mail the app sent to `to` whose subject matches, waiting for the mail job to send it. */
export async function waitForMail(to: string, subject: RegExp): Promise<E2eMail> {
  let found: E2eMail | undefined;
  await expect
    .poll(
      () => {
        found = mails().findLast((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that opens `path` on the app. */
export function linkIn(mail: E2eMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}
