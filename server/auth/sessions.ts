import type { Db } from "../db/client";
import { config } from "../config/config";

/**
 * Dashboard sessions are next-auth JWTs in a cookie, made revocable on the
 * server: each token carries the user's `sessionGeneration` from when it was
 * issued, and every request compares it with the current one (read in the
 * same query as the memberships, so no extra round trip and no cache that
 * could lag behind a revocation). Raising the generation ends every session
 * of that person at once, on every device and server instance.
 */

/**
 * How long a session lasts without use: `SESSION_MAX_AGE` seconds, default 7
 * days. Sliding: next-auth re-issues the cookie with a fresh expiry whenever
 * the dashboard reads the session, so an active person stays signed in.
 */
export function sessionLifetimeSeconds(): number {
  return config().SESSION_MAX_AGE;
}

/** True while a token issued under `tokenGeneration` is still honoured (tokens from before generations existed count as 0). */
export function isSessionCurrent(tokenGeneration: number | undefined, userGeneration: number): boolean {
  return (tokenGeneration ?? 0) === userGeneration;
}

/** "Sign out everywhere": every session of this person ends, including the one asking. */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionGeneration: { increment: 1 } }, select: { id: true } });
}

/**
 * For removing a member: all their dashboard sessions end at once. Sessions
 * are per person, not per organization (one session switches between the
 * person's organizations), so this signs them out of all of them; their
 * membership check already shuts them out of the organization they left.
 */
export async function endSessionsOfMember(db: Db, member: { userId: string }): Promise<void> {
  await endAllSessions(db, member.userId);
}
