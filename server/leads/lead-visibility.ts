import type { Principal } from "../auth/principal";
import type { MemberRole } from "../auth/roles";
import type { Db, DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";

/**
 * Which leads a caller sees, decided once per request when the principal is
 * built (server/auth/resolve-session.ts, resolve-bearer.ts) and applied as a
 * predicate inside every query that reads or writes leads, like tenancy:
 * a lead outside it is never fetched, so it answers exactly as a lead of
 * another organization (404 NOT_FOUND), and lists, counts and aggregates
 * leave it out.
 *
 * - `organization`: every lead of the organization. Owners and admins; every
 *   member while the organization's setting is `all` (the default); API keys,
 *   which act for the organization; the system actor.
 * - `own` (setting `own`, role member): the leads assigned to one of
 *   `userIds` — the person, and when they lead a team, its members — and the
 *   unassigned leads in the pond of one of `poolIds`, the round-robin pools
 *   those people take part in (a pool's pond: the leads routed to or through
 *   it, `Lead.roundRobinId`, that nobody holds). A team lead thus sees what
 *   each member of the team sees. OAuth tokens and dashboard sessions get
 *   their person's.
 */
export type LeadVisibility = { scope: "organization" } | { scope: "own"; userIds: readonly string[]; poolIds: readonly string[] };

export const ORGANIZATION_WIDE: LeadVisibility = { scope: "organization" };

/** The organization's setting (`Organization.leadVisibility`). */
export type LeadVisibilitySetting = "all" | "own";

/**
 * A person's visibility in an organization: one query, only for a member of
 * an organization whose setting is `own` (the people they answer for, then
 * their pools).
 */
export async function resolveLeadVisibility(
  db: Pick<Db, "$queryRaw"> | DbTx,
  organization: { id: string; leadVisibility: LeadVisibilitySetting },
  person: { userId: string; role: MemberRole },
): Promise<LeadVisibility> {
  if (organization.leadVisibility === "all" || person.role !== "member") return ORGANIZATION_WIDE;
  const [row] = await db.$queryRaw<{ userIds: string[]; poolIds: string[] }[]>`
    WITH people AS (
      SELECT ${person.userId}::uuid AS "userId"
      UNION
      SELECT mate."userId" FROM "TeamMember" me JOIN "TeamMember" mate ON mate."teamId" = me."teamId"
      WHERE me."organizationId" = ${organization.id}::uuid AND me."userId" = ${person.userId}::uuid AND me."isLead")
    SELECT array(SELECT "userId"::text FROM people ORDER BY 1) AS "userIds",
           array(SELECT DISTINCT p."roundRobinId"::text FROM "RoundRobinParticipant" p JOIN people USING ("userId")
                 WHERE p."organizationId" = ${organization.id}::uuid ORDER BY 1) AS "poolIds"`;
  return { scope: "own", userIds: row?.userIds ?? [person.userId], poolIds: row?.poolIds ?? [] };
}

/**
 * The leads `principal` may see, as SQL over the lead alias `alias` (default
 * `l`): the organization, and for `own` visibility the person's leads and
 * ponds. Every raw lead query puts this in its WHERE (or its JOIN condition).
 */
export function visibleLeadsSql(principal: Pick<Principal, "organizationId" | "leadVisibility">, alias = "l"): Prisma.Sql {
  const l = Prisma.raw(`"${alias}"`);
  const tenant = Prisma.sql`${l}."organizationId" = ${principal.organizationId}::uuid`;
  const visibility = principal.leadVisibility;
  if (visibility.scope === "organization") return tenant;
  return Prisma.sql`${tenant} AND (${l}."assignedToId" = ANY(${visibility.userIds}::uuid[])
    OR (${l}."assignedToId" IS NULL AND ${l}."roundRobinId" = ANY(${visibility.poolIds}::uuid[])))`;
}

/**
 * The same rule as disjoint parts, each a condition on the lead `l` that one
 * index range answers — the people's leads, `(organizationId, assignedToId)`;
 * the ponds' unassigned leads, `(organizationId, assignedToId IS NULL,
 * roundRobinId)` — whose union is exactly `visibleLeadsSql`: a count sums
 * the parts, each read from the index alone. One part, the organization, for
 * organization-wide visibility.
 */
export function visibleLeadsParts(principal: Principal, alias = "l"): Prisma.Sql[] {
  const l = Prisma.raw(`"${alias}"`);
  const tenant = Prisma.sql`${l}."organizationId" = ${principal.organizationId}::uuid`;
  const visibility = principal.leadVisibility;
  if (visibility.scope === "organization") return [tenant];
  return [
    Prisma.sql`${tenant} AND ${l}."assignedToId" = ANY(${visibility.userIds}::uuid[])`,
    Prisma.sql`${tenant} AND ${l}."assignedToId" IS NULL AND ${l}."roundRobinId" = ANY(${visibility.poolIds}::uuid[])`,
  ];
}

/** The same rule as a Prisma filter on `Lead`, for queries written with the client (and relation filters: `lead: visibleLeadsWhere(p)`). */
export function visibleLeadsWhere(principal: Principal): Prisma.LeadWhereInput {
  const visibility = principal.leadVisibility;
  if (visibility.scope === "organization") return { organizationId: principal.organizationId };
  return {
    organizationId: principal.organizationId,
    OR: [{ assignedToId: { in: [...visibility.userIds] } }, { assignedToId: null, roundRobinId: { in: [...visibility.poolIds] } }],
  };
}

/**
 * For rows that name a lead (assignments, contacts, messages): SQL that holds
 * when the lead `leadId` names is visible. Always true for `organization`
 * visibility, where the row's own organization filter already decides, so
 * organization-wide reads pay nothing for it.
 */
export function namesVisibleLeadSql(principal: Principal, leadId: Prisma.Sql): Prisma.Sql {
  if (principal.leadVisibility.scope === "organization") return Prisma.sql`TRUE`;
  return Prisma.sql`EXISTS (SELECT 1 FROM "Lead" vl WHERE vl."id" = ${leadId} AND ${visibleLeadsSql(principal, "vl")})`;
}

/** Whether the caller sees every lead of the organization (owners, admins, keys, or the setting `all`). */
export function seesEveryLead(principal: Principal): boolean {
  return principal.leadVisibility.scope === "organization";
}

/**
 * Whom a lead created by this caller should default to: the caller when they
 * see only their own leads (a lead left unassigned or given to someone else
 * would leave their sight at once); undefined when they see every lead.
 */
export function ownLeadsAssignee(principal: Principal): string | undefined {
  return principal.leadVisibility.scope === "own" && principal.userId !== null ? principal.userId : undefined;
}
