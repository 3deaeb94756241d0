import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import { changeLead } from "../leads/change-lead";
import type { LeadRepresentation } from "../leads/lead-representation";
import { queueAssignmentMail } from "./assignment-mail";
import type { AssignmentSource } from "./round-robin-values";
import type { Prisma } from "../db/generated/client";
import { assignmentHistoryInsert, recordAssignment, type Turn } from "./take-turn";

/** What the assignment history says about a turn: its `source` and `metadata` (how the pool was chosen). */
export interface TurnHistory {
  source: AssignmentSource;
  metadata: Record<string, unknown>;
}

/** Once a turn's member owns the lead: the history row, and the assignee's email when the pool sends them. */
export async function recordTurn(tx: DbTx, organizationId: string, turn: Turn, lead: LeadRepresentation, history: TurnHistory): Promise<void> {
  await recordAssignment(tx, organizationId, turn, lead.id, history.source, history.metadata);
  await queueTurnMail(tx, organizationId, turn, lead);
}

/**
 * The same for a lead's create, which sends the history row in its own
 * statement with the lead's timeline and events (server/leads/lead-story.ts):
 * the email is queued and the row's insert returned.
 */
export async function recordTurnBesideStory(
  tx: DbTx,
  organizationId: string,
  turn: Turn,
  lead: LeadRepresentation,
  history: TurnHistory,
): Promise<Prisma.Sql> {
  await queueTurnMail(tx, organizationId, turn, lead);
  return assignmentHistoryInsert(organizationId, turn, lead.id, history.source, history.metadata);
}

async function queueTurnMail(tx: DbTx, organizationId: string, turn: Turn, lead: LeadRepresentation): Promise<void> {
  if (turn.emailNotificationsEnabled) await queueAssignmentMail(tx, organizationId, { poolId: turn.poolId, userId: turn.userId, lead });
}

/**
 * Gives an existing lead to the member a pool's turn chose, in the turn's
 * transaction: the lead's owner writes the change and tells its story (the
 * `updated` and `assigned` timeline entries by the principal, `lead.updated`
 * and `lead.assigned` with `autoAssigned: true`), then the turn is recorded.
 * Used by `POST /round-robin/assign` and by a pool taking a removed member's leads.
 */
export async function assignByTurn(
  tx: DbTx,
  principal: Principal,
  leadId: string,
  turn: Turn,
  history: TurnHistory,
  at?: Date,
): Promise<LeadRepresentation> {
  const lead = await changeLead(tx, principal, leadId, { assignedToId: turn.userId, roundRobinId: turn.poolId }, { autoAssigned: true, at });
  await recordTurn(tx, principal.organizationId, turn, lead, history);
  return lead;
}
