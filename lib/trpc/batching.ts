/**
 * How the dashboard's client and the /api/trpc door agree on batching: at most
 * this many calls per batched request, and `account.*` (sign-up, sign-out
 * everywhere, organizations) never batched, so one request cannot multiply
 * password hashes or organization creations.
 */
export const MAX_TRPC_BATCH_SIZE = 10;

export function isUnbatchedProcedure(path: string): boolean {
  return path.startsWith("account.");
}
