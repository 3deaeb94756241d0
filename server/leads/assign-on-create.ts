import type { DbTx } from "../db/client";

export interface AssignmentRequest {
  organizationId: string;
  /** An explicit owner, already checked to be a member. */
  assignedToId: string | null;
  /** The pool the caller asked to assign through, if any. */
  roundRobinId: string | null;
}

export interface AssignmentOutcome {
  assignedToId: string | null;
  /** The pool that chose the owner; null for an explicit owner or when nothing was assigned. */
  roundRobinId: string | null;
  /** True when a pool chose the owner (carried by `lead.assigned`). */
  autoAssigned: boolean;
}

/**
 * Decides who owns a lead being created, inside the creating transaction.
 * An explicit `assignedToId` wins and skips any pool. Otherwise the lead is
 * created unassigned: round-robin pools (the requested `roundRobinId`, then a
 * generic inbound pool) plug in here, and must never make creation fail.
 */
export async function assignOnCreate(_tx: DbTx, request: AssignmentRequest): Promise<AssignmentOutcome> {
  if (request.assignedToId !== null) {
    return { assignedToId: request.assignedToId, roundRobinId: null, autoAssigned: false };
  }
  return { assignedToId: null, roundRobinId: null, autoAssigned: false };
}
