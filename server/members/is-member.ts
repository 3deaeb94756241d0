import type { DbTx } from "../db/client";

/** Whether a user belongs to the organization (the values accepted as `assignedToId`). */
export async function isMember(tx: DbTx, organizationId: string, userId: string): Promise<boolean> {
  const membership = await tx.membership.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
    select: { id: true },
  });
  return membership !== null;
}
