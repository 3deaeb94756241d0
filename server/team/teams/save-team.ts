import type { DbTx } from "../../db/client";
import { runInTransaction } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { explainDatabaseError } from "../../errors/database-error";
import { isUuid } from "../../ids";
import { teamErrors } from "../team-errors";
import { teamInclude, toTeamRepresentation, type TeamRepresentation } from "./team-representation";

/** A team as Settings → Teams sends it: the whole set of leads and members, replacing what was there. */
export interface TeamRequest {
  name: string;
  /** One or more team leads (members of the team who see its members' leads). */
  leadUserIds: string[];
  /** The other members; a lead listed here too is still a lead. */
  memberUserIds: string[];
}

/**
 * The team's people: each must be a member of the organization and in no
 * other team (a member belongs to at most one). Checked before writing so the
 * refusal names who is where; the unique key on (organization, user) still
 * settles two requests racing for one person (409, nothing written).
 */
async function checkPeople(tx: DbTx, organizationId: string, teamId: string | null, request: TeamRequest) {
  const leads = new Set(request.leadUserIds);
  const people = [...new Set([...request.leadUserIds, ...request.memberUserIds])];
  const members = await tx.membership.findMany({ where: { organizationId, userId: { in: people.filter(isUuid) } }, select: { userId: true } });
  const known = new Set(members.map((member) => member.userId));
  const strangers = people.filter((userId) => !known.has(userId));
  if (strangers.length > 0) throw teamErrors.notMembers(strangers);
  const elsewhere = await tx.teamMember.findMany({
    where: { organizationId, userId: { in: people }, ...(teamId ? { teamId: { not: teamId } } : {}) },
    select: { team: { select: { name: true } }, membership: { select: { user: { select: { name: true } } } } },
    orderBy: { userId: "asc" },
  });
  if (elsewhere.length > 0) throw teamErrors.alreadyInTeam(elsewhere.map((row) => `${row.membership.user.name} (${row.team.name})`));
  return people.map((userId) => ({ organizationId, userId, isLead: leads.has(userId) }));
}

async function assertNameFree(tx: DbTx, organizationId: string, name: string, teamId: string | null) {
  const taken = await tx.team.findFirst({ where: { organizationId, name, ...(teamId ? { id: { not: teamId } } : {}) }, select: { id: true } });
  if (taken) throw teamErrors.teamNameTaken();
}

/** A concurrent change took the name or a person first: nothing of this request was written. */
const raced = (error: unknown) => explainDatabaseError(error, { uniqueViolation: teamErrors.teamsChangedMeanwhile });

export async function createTeam(ctx: DomainContext, request: TeamRequest): Promise<TeamRepresentation> {
  const organizationId = ctx.principal.organizationId;
  try {
    return await runInTransaction(ctx.db, async (tx) => {
      await assertNameFree(tx, organizationId, request.name, null);
      const people = await checkPeople(tx, organizationId, null, request);
      const row = await tx.team.create({
        data: { organizationId, name: request.name, members: { createMany: { data: people } } },
        include: teamInclude,
      });
      return toTeamRepresentation(row);
    });
  } catch (error) {
    throw raced(error);
  }
}

/** Renames the team and replaces its leads and members with the ones sent. */
export async function updateTeam(ctx: DomainContext, teamId: string, request: TeamRequest): Promise<TeamRepresentation> {
  const organizationId = ctx.principal.organizationId;
  if (!isUuid(teamId)) throw teamErrors.teamNotFound();
  try {
    return await runInTransaction(ctx.db, async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "Team" WHERE "id" = ${teamId}::uuid AND "organizationId" = ${organizationId}::uuid FOR UPDATE`;
      if (locked.length === 0) throw teamErrors.teamNotFound();
      await assertNameFree(tx, organizationId, request.name, teamId);
      const people = await checkPeople(tx, organizationId, teamId, request);
      await tx.teamMember.deleteMany({ where: { teamId, organizationId } });
      const row = await tx.team.update({
        where: { id: teamId, organizationId },
        data: { name: request.name, members: { createMany: { data: people } } },
        include: teamInclude,
      });
      return toTeamRepresentation(row);
    });
  } catch (error) {
    throw raced(error);
  }
}

/** Deletes the team; its members stay members of the organization, in no team. */
export async function deleteTeam(ctx: DomainContext, teamId: string): Promise<{ id: string; deleted: true }> {
  if (!isUuid(teamId)) throw teamErrors.teamNotFound();
  const { count } = await ctx.db.team.deleteMany({ where: { id: teamId, organizationId: ctx.principal.organizationId } });
  if (count === 0) throw teamErrors.teamNotFound();
  return { id: teamId, deleted: true };
}
