import type { Principal } from "./principal";

/** What `GET /me` tells a caller about itself: the organization it acts in and the credential it used. */
export function describeCaller(principal: Principal) {
  return {
    organization: {
      id: principal.organization.id,
      name: principal.organization.name,
      slug: principal.organization.slug,
      sandbox: principal.organization.sandbox,
    },
    auth: {
      // Doors resolve sessions and credentials only; the system actor exists inside jobs.
      type: principal.kind as Exclude<typeof principal.kind, "system">,
      scopes: principal.scopes,
      clientId: principal.kind === "oauth" ? principal.clientId : null,
      userId: principal.kind === "api_key" ? null : principal.userId,
    },
  };
}
