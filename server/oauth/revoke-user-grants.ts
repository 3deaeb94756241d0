import type { DbTx } from "../db/client";
import { revokeGrant } from "./grants";

/**
 * Ends every app connection of a person, in every organization (second audit,
 * L7): after a password reset or change, whoever knew the old password may
 * have connected an app, and its tokens would outlive the sessions the change
 * ends. The apps ask the person to connect again. Runs in the caller's transaction.
 */
export async function revokeGrantsOfUser(tx: DbTx, userId: string): Promise<number> {
  const grants = await tx.oAuthGrant.findMany({ where: { userId, revokedAt: null }, select: { id: true } });
  for (const grant of grants) await revokeGrant(tx, grant.id, "password_changed");
  // Operator-issued tokens belong to no grant: they end too.
  await tx.oAuthAccessToken.updateMany({ where: { userId, grantId: null, revokedAt: null }, data: { revokedAt: new Date() } });
  return grants.length;
}
