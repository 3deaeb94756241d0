import { decode } from "next-auth/jwt";
import type { InmoSession } from "./next-auth-options";
import { config } from "../config/config";

/** The session cookie's name as next-auth chooses it (the `__Secure-` form when the app is served over https). */
function sessionCookieName(): string {
  return config().NEXTAUTH_URL?.startsWith("https://") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

/** The cookie's value; next-auth splits a large token into `name.0`, `name.1`, … chunks. */
function sessionCookieValue(cookieHeader: string): string | null {
  const name = sessionCookieName();
  const parts: { order: number; value: string }[] = [];
  for (const pair of cookieHeader.split(";")) {
    const index = pair.indexOf("=");
    if (index <= 0) continue;
    const key = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (key === name) parts.push({ order: 0, value });
    else if (key.startsWith(`${name}.`)) parts.push({ order: Number(key.slice(name.length + 1)), value });
  }
  if (parts.length === 0) return null;
  return parts
    .sort((a, b) => a.order - b.order)
    .map((part) => part.value)
    .join("");
}

/**
 * The dashboard session carried by a request's cookie (next-auth's encrypted
 * JWT; its expiry is checked by `decode`), read from the request itself so the
 * tRPC door behaves the same behind `next start` and a plain HTTP server in
 * tests. Only the cookie counts: no bearer header is consulted on this door.
 * Whether the session was revoked is checked when the Principal is resolved.
 */
export async function readDashboardSession(req: Request): Promise<InmoSession | null> {
  const value = sessionCookieValue(req.headers.get("cookie") ?? "");
  const secret = config().NEXTAUTH_SECRET;
  if (value === null || !secret) return null;
  try {
    const token = await decode({ token: value, secret });
    if (!token) return null;
    return {
      userId: typeof token.userId === "string" ? token.userId : undefined,
      organizationId: typeof token.organizationId === "string" ? token.organizationId : undefined,
      sessionGeneration: typeof token.sessionGeneration === "number" ? token.sessionGeneration : undefined,
    };
  } catch {
    return null; // tampered, expired or sealed with another secret: no session
  }
}
