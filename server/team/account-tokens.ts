import type { Db, DbTx } from "../db/client";
import { generateLinkToken, hashLinkToken } from "./account-links";

export type AccountTokenPurpose = "verify_email" | "reset_password";

export const VERIFY_EMAIL_TTL_MS = 7 * 24 * 3_600_000;
export const RESET_PASSWORD_TTL_MS = 3_600_000;

const TTL: Record<AccountTokenPurpose, number> = { verify_email: VERIFY_EMAIL_TTL_MS, reset_password: RESET_PASSWORD_TTL_MS };

/** Issues a single-use link token for one person; earlier unused ones of the same purpose stop working. */
export async function issueAccountToken(tx: DbTx, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const now = new Date();
  await tx.accountToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } });
  const { token, tokenHash } = generateLinkToken();
  await tx.accountToken.create({ data: { userId, purpose, tokenHash, expiresAt: new Date(now.getTime() + TTL[purpose]) } });
  return token;
}

/** The person a still-usable token belongs to (not used, not expired), without using it. */
export async function peekAccountToken(db: Db | DbTx, token: string, purpose: AccountTokenPurpose): Promise<string | null> {
  const row = await db.accountToken.findUnique({ where: { tokenHash: hashLinkToken(token) }, select: { userId: true, purpose: true, usedAt: true, expiresAt: true } });
  if (!row || row.purpose !== purpose || row.usedAt !== null || row.expiresAt <= new Date()) return null;
  return row.userId;
}

/**
 * Uses a token: one conditional UPDATE, so of two requests racing with the
 * same link exactly one wins. Returns the person, or null when the token is
 * unknown, of another purpose, used or expired.
 */
export async function consumeAccountToken(tx: DbTx, token: string, purpose: AccountTokenPurpose): Promise<string | null> {
  const rows = await tx.$queryRaw<{ userId: string }[]>`
    UPDATE "AccountToken" SET "usedAt" = now()
    WHERE "tokenHash" = ${hashLinkToken(token)} AND purpose = ${purpose}::"AccountTokenPurpose"
      AND "usedAt" IS NULL AND "expiresAt" > now()
    RETURNING "userId"`;
  return rows[0]?.userId ?? null;
}
