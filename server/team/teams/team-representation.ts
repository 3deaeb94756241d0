import type { Prisma } from "../../db/generated/client";

export const teamInclude = {
  members: {
    select: { userId: true, isLead: true, membership: { select: { user: { select: { name: true, email: true } } } } },
  },
} as const satisfies Prisma.TeamInclude;

type TeamRow = Prisma.TeamGetPayload<{ include: typeof teamInclude }>;

export interface TeamMemberRepresentation {
  userId: string;
  name: string;
  email: string;
  /** A team lead sees the leads of the team's members (with `own` lead visibility). */
  isLead: boolean;
}

/** A team as Settings → Teams shows it: its leads first, then its members, each by name. */
export interface TeamRepresentation {
  id: string;
  name: string;
  members: TeamMemberRepresentation[];
  createdAt: string;
  updatedAt: string;
}

export function toTeamRepresentation(row: TeamRow): TeamRepresentation {
  const members = row.members
    .map((member) => ({ userId: member.userId, name: member.membership.user.name, email: member.membership.user.email, isLead: member.isLead }))
    .sort((a, b) => Number(b.isLead) - Number(a.isLead) || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return { id: row.id, name: row.name, members, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
