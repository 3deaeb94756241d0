import { randomBytes } from "node:crypto";
import { sha256Hex } from "../auth/tokens";
import { isMailConfigured } from "../mail/mail-settings";
import { appOrigin } from "../config/app-origin";
import { config } from "../config/config";

/**
 * Links mailed to people (invitations, address verification, password reset):
 * a 256-bit random token in the URL, of which only the SHA-256 is stored, so
 * a database read cannot be turned into a working link.
 */
export function generateLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256Hex(token) };
}

export function hashLinkToken(token: string): string {
  return sha256Hex(token);
}

/** The app's public origin (NEXTAUTH_URL), where the dashboard pages that open these links live; `token` in the query when given. */
export function appLink(path: string, token?: string): string {
  const url = new URL(path, appOrigin());
  if (token !== undefined) url.searchParams.set("token", token);
  return url.toString();
}

/**
 * An invitation link is handed to the admin to copy only when outgoing email
 * is not configured (otherwise it goes by mail only).
 */
export function invitationLinkForAdmin(link: string): string | null {
  return isMailConfigured() ? null : link;
}

/**
 * A verification link is shown to the person who signed up only when email
 * is not configured and the instance is not in production: in production it
 * must reach the mailbox, or it proves nothing.
 */
export function verificationLinkOnScreen(link: string): string | null {
  return isMailConfigured() || config().NODE_ENV === "production" ? null : link;
}
