import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type Pool = Outputs["roundRobin"]["get"];
export type PoolListItem = Outputs["roundRobin"]["list"]["data"][number];
export type Connection = Pool["connections"][number];
export type Assignment = Outputs["roundRobin"]["assignments"]["data"][number];

export {
  ASSIGNMENT_SOURCES,
  CONNECTION_MATCH_FIELDS,
  CONNECTION_PROVIDERS,
  CONNECTION_SOURCES,
} from "~/server/round-robin/round-robin-values";
export type { AssignmentSource, ConnectionSource, ConnectionProvider } from "~/server/round-robin/round-robin-values";

/** The routing fields worth asking for, by connection source (any field may narrow any source; these are the usual ones). */
export const FIELDS_BY_SOURCE = {
  webhook: ["sourceKey", "utmCampaign"],
  adplatform: ["adplatformPageId", "adplatformFormId", "adplatformAdId", "adplatformCampaignId", "utmCampaign"],
  automation: ["sourceKey"],
  workflow: ["workflowId"],
} as const;

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

/** Who gets the next lead: the first active participant at or after the pointer, wrapping (the server's rule). */
export function nextParticipantOf(pool: Pool) {
  const active = pool.participants.filter((p) => p.isActive);
  return active.find((p) => p.order >= pool.nextParticipantOrder) ?? active[0] ?? null;
}
