import type { Prisma } from "../db/generated/client";
import type { MemberRole } from "../auth/roles";

export const memberInclude = {
  user: { select: { id: true, name: true, email: true, image: true, locale: true } },
  teamMember: { select: { isLead: true, team: { select: { id: true, name: true } } } },
} as const satisfies Prisma.MembershipInclude;

type MemberRow = Prisma.MembershipGetPayload<{ include: typeof memberInclude }>;

/** The member's team (extension): at most one; `isLead` when they lead it. */
export interface MemberTeam {
  id: string;
  name: string;
  isLead: boolean;
}

/** A member as the API shows it: the membership (its id is the member id), the user behind it and their team. */
export interface MemberRepresentation {
  id: string;
  role: MemberRole;
  createdAt: string;
  updatedAt: string;
  user: { id: string; name: string; email: string; image: string | null; locale: "en" | "es" };
  team: MemberTeam | null;
}

export function toMemberRepresentation(row: MemberRow): MemberRepresentation {
  return {
    id: row.id,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: row.user,
    team: row.teamMember ? { id: row.teamMember.team.id, name: row.teamMember.team.name, isLead: row.teamMember.isLead } : null,
  };
}
