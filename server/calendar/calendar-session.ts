import { refuseInSandbox } from "../organizations/sandbox-guard";
import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import type { Db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { logger } from "../system/logger";
import { createGoogleProvider } from "./google/google-provider";
import { requireGoogleSettings } from "./google-settings";
import { AccessTokenRejected, ProviderUnavailable, ReconnectRequired, type CalendarProvider } from "./provider";

/** Refresh when fewer than this many milliseconds of the access token are left. */
const REFRESH_MARGIN_MS = 60_000;

export function calendarProvider(): CalendarProvider {
  return createGoogleProvider(requireGoogleSettings());
}

export function reconnectRequired(): ApiError {
  return new ApiError("FORBIDDEN", "calendar.reconnect");
}

/**
 * One member's calendar for one request: owns their tokens (sealed at rest),
 * refreshes the access token when it is about to expire or Google refuses it
 * (once), persists what Google returns, and on `invalid_grant` marks the
 * connection `reconnect_required`, which answers the spec's 403.
 */
export interface CalendarSession {
  provider: CalendarProvider;
  run<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

export async function openCalendarSession(db: Db, organizationId: string, userId: string): Promise<CalendarSession> {
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { sandboxOfId: true } });
  refuseInSandbox({ sandbox: organization?.sandboxOfId != null }, "Google Calendar");
  const provider = calendarProvider();
  const connection = await db.calendarConnection.findFirst({
    where: { organizationId, userId, provider: provider.id },
  });
  if (!connection || connection.status !== "active") throw reconnectRequired();

  const accessToken = connection.accessTokenCiphertext ? decryptSecret(connection.accessTokenCiphertext) : null;
  const expiresAt = connection.accessTokenExpiresAt;

  let sealedAccessToken = connection.accessTokenCiphertext;

  /**
   * Single-flight per connection: the row is locked (FOR NO KEY UPDATE) while
   * Google is asked, so concurrent requests wait and then use the token the
   * first one stored instead of each refreshing. Bounded by Google's timeout.
   */
  async function refresh(): Promise<string> {
    const timeout = requireGoogleSettings().timeoutMs + 5_000;
    let outcome: { token: string } | { reconnect: string };
    try {
      outcome = await db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT "id" FROM "CalendarConnection" WHERE "id" = ${connection!.id}::uuid AND "organizationId" = ${organizationId}::uuid FOR NO KEY UPDATE`;
          const row = await tx.calendarConnection.findFirst({ where: { id: connection!.id, organizationId } });
          if (!row || row.status !== "active") return { reconnect: "connection changed meanwhile" };
          const storedFresh = row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
          if (row.accessTokenCiphertext && row.accessTokenCiphertext !== sealedAccessToken && storedFresh) {
            sealedAccessToken = row.accessTokenCiphertext;
            return { token: decryptSecret(row.accessTokenCiphertext) }; // another request refreshed while we waited
          }
          try {
            const tokens = await provider.refresh(decryptSecret(row.refreshTokenCiphertext));
            sealedAccessToken = encryptSecret(tokens.accessToken);
            await tx.calendarConnection.updateMany({
              where: { id: row.id, organizationId },
              data: {
                accessTokenCiphertext: sealedAccessToken,
                accessTokenExpiresAt: tokens.expiresAt,
                lastRefreshedAt: new Date(),
                ...(tokens.refreshToken ? { refreshTokenCiphertext: encryptSecret(tokens.refreshToken) } : {}),
              },
            });
            return { token: tokens.accessToken };
          } catch (error) {
            if (error instanceof ReconnectRequired) {
              await tx.calendarConnection.updateMany({
                where: { id: row.id, organizationId },
                data: { status: "reconnect_required", accessTokenCiphertext: null, accessTokenExpiresAt: null },
              });
              return { reconnect: error.message };
            }
            throw error;
          }
        },
        { timeout, maxWait: timeout },
      );
    } catch (error) {
      throw unavailable(error);
    }
    if ("reconnect" in outcome) {
      logger.info("calendar.reconnect_required", { connectionId: connection!.id, reason: outcome.reconnect });
      throw reconnectRequired();
    }
    return outcome.token;
  }

  /** Google refused a call for a scope the grant lacks: only connecting again (granting it) helps. */
  async function markReconnect(error: ReconnectRequired) {
    await db.calendarConnection.updateMany({
      where: { id: connection!.id, organizationId },
      data: { status: "reconnect_required", accessTokenCiphertext: null, accessTokenExpiresAt: null },
    });
    logger.info("calendar.reconnect_required", { connectionId: connection!.id, reason: error.message });
    return reconnectRequired();
  }

  return {
    provider,
    async run(call) {
      const fresh = accessToken && expiresAt && expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
      const token = fresh ? accessToken! : await refresh();
      try {
        return await call(token);
      } catch (error) {
        if (error instanceof AccessTokenRejected) {
          try {
            return await call(await refresh());
          } catch (retryError) {
            if (retryError instanceof AccessTokenRejected) throw reconnectRequired();
            if (retryError instanceof ReconnectRequired) throw await markReconnect(retryError);
            throw unavailable(retryError);
          }
        }
        if (error instanceof ReconnectRequired) throw await markReconnect(error);
        throw unavailable(error);
      }
    },
  };
}

/** Provider outages become the API's 503 (nothing was done; safe to retry); other errors pass through. */
function unavailable(error: unknown): unknown {
  if (error instanceof ProviderUnavailable) {
    return new ApiError("SERVICE_UNAVAILABLE", "calendar.unavailable", { reason: error.message }, { "Retry-After": "30" });
  }
  return error;
}
