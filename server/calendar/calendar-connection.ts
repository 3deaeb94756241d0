import * as oauth from "oauth4webapi";
import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import type { Db, DbTx } from "../db/client";
import { logger } from "../system/logger";
import { runInTransaction } from "../db/run-in-transaction";
import { queueScheduledRun } from "../jobs/scheduled-runs";
import { calendarProvider } from "./calendar-session";
import { CALENDAR_SYNC_JOB_ID } from "./sync/calendar-sync-job";
import { googleSettings } from "./google-settings";
import type { PendingAuthorization } from "./provider";

/**
 * Connecting and disconnecting a member's calendar (dashboard only: the
 * member signs in at Google in their browser). The pending state and PKCE
 * verifier travel in a short-lived cookie between the redirect and the callback.
 */
export interface CalendarConnectionView {
  configured: boolean;
  connection: null | {
    provider: string;
    accountEmail: string;
    status: "active" | "reconnect_required";
    connectedAt: string;
  };
}

export async function calendarConnectionOf(db: Db, organizationId: string, userId: string): Promise<CalendarConnectionView> {
  const row = await db.calendarConnection.findFirst({ where: { organizationId, userId, provider: "google" } });
  return {
    configured: googleSettings() !== null,
    connection: row
      ? { provider: row.provider, accountEmail: row.accountEmail, status: row.status, connectedAt: row.connectedAt.toISOString() }
      : null,
  };
}

export async function beginCalendarConnection(p: { redirectUri: string; loginHint?: string }) {
  const pending: PendingAuthorization = { state: oauth.generateRandomState(), codeVerifier: oauth.generateRandomCodeVerifier() };
  const url = await calendarProvider().authorizationUrl({ ...pending, redirectUri: p.redirectUri, loginHint: p.loginHint });
  return { url, pending };
}

/** Exchanges the callback's code and stores the member's tokens, sealed; reconnecting replaces the previous grant. */
export async function completeCalendarConnection(
  db: Db,
  p: { organizationId: string; userId: string; callbackUrl: URL; pending: PendingAuthorization; redirectUri: string },
) {
  const provider = calendarProvider();
  const tokens = await provider.exchangeCode({ callbackUrl: p.callbackUrl, pending: p.pending, redirectUri: p.redirectUri });
  const data = {
    accountEmail: tokens.accountEmail,
    scopes: tokens.scopes,
    refreshTokenCiphertext: encryptSecret(tokens.refreshToken),
    accessTokenCiphertext: encryptSecret(tokens.accessToken),
    accessTokenExpiresAt: tokens.expiresAt,
    status: "active" as const,
    connectedAt: new Date(),
    lastRefreshedAt: new Date(),
    // A new grant starts two-way sync afresh: a full sync, then a channel of its own.
    syncToken: null,
    syncRequestedAt: new Date(),
    channelId: null,
    channelResourceId: null,
    channelTokenHash: null,
    channelExpiresAt: null,
  };
  const row = await db.calendarConnection.upsert({
    where: { organizationId_userId_provider: { organizationId: p.organizationId, userId: p.userId, provider: provider.id } },
    create: { organizationId: p.organizationId, userId: p.userId, provider: provider.id, ...data },
    update: data,
  });
  await runInTransaction(db, (tx) => queueScheduledRun(tx, CALENDAR_SYNC_JOB_ID));
  return row;
}

/** Revokes the grant at Google (best effort: a grant already gone is fine) and forgets the tokens. */
export async function disconnectCalendar(db: Db, organizationId: string, userId: string): Promise<void> {
  const row = await db.calendarConnection.findFirst({ where: { organizationId, userId, provider: "google" } });
  if (!row) return;
  if (googleSettings()) {
    try {
      await calendarProvider().revoke(decryptSecret(row.refreshTokenCiphertext));
    } catch (error) {
      logger.warn("calendar.revoke_failed", { connectionId: row.id, error: String(error) });
    }
  }
  await db.calendarConnection.deleteMany({ where: { id: row.id, organizationId } });
}

/** Deletes a member's calendar connections in one organization (member removed), returning the sealed refresh tokens to revoke. */
export async function forgetCalendarConnections(tx: DbTx, organizationId: string, userId: string): Promise<string[]> {
  const rows = await tx.calendarConnection.findMany({ where: { organizationId, userId }, select: { refreshTokenCiphertext: true } });
  if (rows.length > 0) await tx.calendarConnection.deleteMany({ where: { organizationId, userId } });
  return rows.map((row) => row.refreshTokenCiphertext);
}

/** Revokes sealed refresh tokens at Google, best effort (outside any transaction: it is a network call). */
export async function revokeCalendarTokens(sealed: string[]): Promise<void> {
  if (sealed.length === 0 || !googleSettings()) return;
  for (const token of sealed) {
    try {
      await calendarProvider().revoke(decryptSecret(token));
    } catch (error) {
      logger.warn("calendar.revoke_failed", { error: String(error) });
    }
  }
}
