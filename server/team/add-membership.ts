import type { DbTx } from "../db/client";
import type { MemberRole } from "../auth/roles";

export interface NewMembership {
  organizationId: string;
  userId: string;
  role: MemberRole;
}

/**
 * The one way a person becomes a member of an organization, in the caller's
 * transaction: signing up and creating an organization (its owner),
 * accepting an invitation (the invited role), `user create` in the CLI. Role
 * changes and removals are in `manage-members.ts`; nothing else writes
 * memberships. A person already a member is a unique violation: callers that
 * can meet one check first.
 */
export async function addMembership(tx: DbTx, membership: NewMembership): Promise<{ id: string; role: MemberRole }> {
  return tx.membership.create({ data: membership, select: { id: true, role: true } });
}
