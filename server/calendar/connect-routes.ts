import { encryptSecret, decryptSecret } from "../crypto/secret-box";
import { getDashboardViewer } from "../account/dashboard-session";
import { getDb } from "../db";
import { issuerFor } from "../oauth/authorization-request";
import { logger } from "../system/logger";
import { beginCalendarConnection, completeCalendarConnection } from "./calendar-connection";
import { googleSettings } from "./google-settings";
import { MissingCalendarScope, type PendingAuthorization } from "./provider";

/**
 * The two browser legs of connecting Google Calendar from the profile page:
 * `GET /profile/calendar/connect` sends the member to Google's consent page;
 * `GET /profile/calendar/callback` (the redirect URI to register at Google)
 * exchanges the code. Between them, `state`, the PKCE verifier and who asked
 * travel in a sealed (AES-GCM) cookie that lives 10 minutes and only on the
 * callback's path. Both end on the profile page with `?calendar=<outcome>`.
 */
export const CALENDAR_CALLBACK_PATH = "/profile/calendar/callback";
const COOKIE = "inmo-calendar-oauth";
const COOKIE_TTL_S = 600;

interface SealedPending extends PendingAuthorization {
  organizationId: string;
  userId: string;
  expiresAt: number;
}

export function calendarRedirectUri(req: Request): string {
  return `${issuerFor(req)}${CALENDAR_CALLBACK_PATH}`;
}

function backToProfile(req: Request, outcome: string, extra: Record<string, string> = {}): Response {
  const url = new URL("/profile", issuerFor(req));
  url.searchParams.set("calendar", outcome);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return new Response(null, { status: 303, headers: { Location: url.toString(), "Cache-Control": "no-store" } });
}

function cookieOf(req: Request): string | null {
  const header = req.headers.get("cookie") ?? "";
  const match = header.split(/;\s*/).find((part) => part.startsWith(`${COOKIE}=`));
  return match ? decodeURIComponent(match.slice(COOKIE.length + 1)) : null;
}

function cookieAttributes(req: Request): string {
  const secure = issuerFor(req).startsWith("https://") ? "; Secure" : "";
  return `Path=${CALENDAR_CALLBACK_PATH}; HttpOnly; SameSite=Lax${secure}`;
}

export async function handleCalendarConnect(req: Request): Promise<Response> {
  const viewer = await getDashboardViewer();
  if (!viewer) return Response.redirect(new URL("/login?callbackUrl=%2Fprofile", issuerFor(req)), 303);
  if (!googleSettings()) return backToProfile(req, "not_configured");
  const { url, pending } = await beginCalendarConnection({ redirectUri: calendarRedirectUri(req), loginHint: viewer.user.email });
  const sealed: SealedPending = {
    ...pending,
    organizationId: viewer.principal.organizationId,
    userId: viewer.user.id,
    expiresAt: Date.now() + COOKIE_TTL_S * 1000,
  };
  return new Response(null, {
    status: 303,
    headers: {
      Location: url.toString(),
      "Cache-Control": "no-store",
      "Set-Cookie": `${COOKIE}=${encodeURIComponent(encryptSecret(JSON.stringify(sealed)))}; Max-Age=${COOKIE_TTL_S}; ${cookieAttributes(req)}`,
    },
  });
}

export async function handleCalendarCallback(req: Request): Promise<Response> {
  const viewer = await getDashboardViewer();
  if (!viewer) return Response.redirect(new URL("/login?callbackUrl=%2Fprofile", issuerFor(req)), 303);
  const clear = `${COOKIE}=; Max-Age=0; ${cookieAttributes(req)}`;
  const finish = (outcome: string, extra: Record<string, string> = {}) => {
    const response = backToProfile(req, outcome, extra);
    response.headers.append("Set-Cookie", clear);
    return response;
  };
  let pending: SealedPending | null = null;
  try {
    const raw = cookieOf(req);
    pending = raw ? (JSON.parse(decryptSecret(raw)) as SealedPending) : null;
  } catch {
    pending = null;
  }
  // The flow must be the one this member started, in this organization, recently.
  if (!pending || pending.expiresAt < Date.now() || pending.userId !== viewer.user.id || pending.organizationId !== viewer.principal.organizationId) {
    return finish("expired");
  }
  const callbackUrl = new URL(req.url);
  const denied = callbackUrl.searchParams.get("error");
  if (denied) return finish("denied", { reason: denied.slice(0, 100) });
  try {
    const db = await getDb();
    await completeCalendarConnection(db, {
      organizationId: pending.organizationId,
      userId: pending.userId,
      callbackUrl,
      pending,
      redirectUri: calendarRedirectUri(req),
    });
    return finish("connected");
  } catch (error) {
    if (error instanceof MissingCalendarScope) return finish("missing_scope");
    logger.warn("calendar.connect_failed", { userId: pending.userId, error: String(error) });
    return finish("failed");
  }
}
