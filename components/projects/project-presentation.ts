import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";
import type { BadgeTone } from "../ui/badge";

type Outputs = inferRouterOutputs<AppRouter>;
export type Project = Outputs["projects"]["get"];
export type ProjectListItem = Outputs["projects"]["list"]["data"][number];
export type Unit = Project["units"][number];
export type ProjectStatus = Project["status"];
export type UnitStatus = Unit["status"];

export { OPERATION_TYPES, PROJECT_STATUSES, PROJECT_TYPES, UNIT_STATUSES } from "~/server/projects/catalog-values";

export function projectStatusTone(status: ProjectStatus): BadgeTone {
  return status === "published" ? "success" : status === "archived" ? "neutral" : "warning";
}

export function unitStatusTone(status: UnitStatus): BadgeTone {
  return status === "available" ? "success" : status === "reserved" ? "warning" : "neutral";
}
