import type { DomainContext } from "../../domain-context";
import { teamInclude, toTeamRepresentation, type TeamRepresentation } from "./team-representation";

/** Every team of the organization by name, with its leads and members (not paginated: teams are few). */
export async function listTeams({ db, principal }: DomainContext): Promise<TeamRepresentation[]> {
  const rows = await db.team.findMany({
    where: { organizationId: principal.organizationId },
    include: teamInclude,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.map(toTeamRepresentation);
}
