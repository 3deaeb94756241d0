import type { Prisma } from "../db/generated/client";
import type { MemberRole } from "../auth/roles";

export const memberInclude = {
  user: { select: { id: true, name: true, email: true, image: true, locale: true } },
} as const satisfies Prisma.MembershipInclude;

type MemberRow = Prisma.MembershipGetPayload<{ include: typeof memberInclude }>;

/** A member as the API shows it: the membership (its id is the member id) and the user behind it. */
export interface MemberRepresentation {
  id: string;
  role: MemberRole;
  createdAt: string;
  updatedAt: string;
  user: { id: string; name: string; email: string; image: string | null; locale: "en" | "es" };
}

export function toMemberRepresentation(row: MemberRow): MemberRepresentation {
  return {
    id: row.id,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: row.user,
  };
}
