import { encode } from "next-auth/jwt";
import type { TestServer } from "../../support/api-server";
import { configureForTests } from "../../../server/config/config";

/** The secret the test server's tRPC door reads session cookies with. */
export const TEST_SESSION_SECRET = "test-only-session-secret";

/**
 * A dashboard session cookie as next-auth issues it at sign-in (an encrypted
 * JWT with the user, the active organization and the session generation), so
 * tests reach /api/trpc over real HTTP exactly as the browser does.
 */
export async function sessionCookie(session: {
  userId: string;
  organizationId?: string;
  sessionGeneration?: number;
  maxAgeSeconds?: number;
}): Promise<string> {
  configureForTests({ NEXTAUTH_SECRET: TEST_SESSION_SECRET });
  const { maxAgeSeconds = 3600, ...claims } = session;
  const token = await encode({ token: { ...claims, sessionGeneration: claims.sessionGeneration ?? 0 }, secret: TEST_SESSION_SECRET, maxAge: maxAgeSeconds });
  return `next-auth.session-token=${token}`;
}

/** Calls a dashboard procedure over HTTP (a query by GET, a mutation by POST), unbatched. */
export function callTrpc(
  server: TestServer,
  procedure: string,
  options: { cookie?: string; input?: unknown; mutation?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  configureForTests({ NEXTAUTH_SECRET: TEST_SESSION_SECRET });
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.mutation) {
    headers["content-type"] = "application/json";
    const body = options.input === undefined ? undefined : JSON.stringify(options.input);
    return fetch(`${server.baseUrl}/api/trpc/${procedure}`, { method: "POST", headers, body });
  }
  const query = options.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(options.input))}`;
  return fetch(`${server.baseUrl}/api/trpc/${procedure}${query}`, { headers });
}
