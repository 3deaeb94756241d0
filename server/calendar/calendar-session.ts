import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import type { Db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { logger } from "../system/logger";
import { createGoogleProvider } from "./google-provider";
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
  const provider = calendarProvider();
  const connection = await db.calendarConnection.findFirst({
    where: { organizationId, userId, provider: provider.id },
  });
  if (!connection || connection.status !== "active") throw reconnectRequired();

  let accessToken = connection.accessTokenCiphertext ? decryptSecret(connection.accessTokenCiphertext) : null;
  let expiresAt = connection.accessTokenExpiresAt;

  async function refresh(): Promise<string> {
    try {
      const tokens = await provider.refresh(decryptSecret(connection!.refreshTokenCiphertext));
      accessToken = tokens.accessToken;
      expiresAt = tokens.expiresAt;
      await db.calendarConnection.updateMany({
        where: { id: connection!.id, organizationId },
        data: {
          accessTokenCiphertext: encryptSecret(tokens.accessToken),
          accessTokenExpiresAt: tokens.expiresAt,
          lastRefreshedAt: new Date(),
          ...(tokens.refreshToken ? { refreshTokenCiphertext: encryptSecret(tokens.refreshToken) } : {}),
        },
      });
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof ReconnectRequired) {
        await db.calendarConnection.updateMany({
          where: { id: connection!.id, organizationId },
          data: { status: "reconnect_required", accessTokenCiphertext: null, accessTokenExpiresAt: null },
        });
        logger.info("calendar.reconnect_required", { connectionId: connection!.id, reason: error.message });
        throw reconnectRequired();
      }
      throw unavailable(error);
    }
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
            throw unavailable(retryError);
          }
        }
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
