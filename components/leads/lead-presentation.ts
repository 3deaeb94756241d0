import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type Lead = Outputs["leads"]["get"];
export type LeadActivity = Outputs["leads"]["activities"]["data"][number];
export type Stage = Outputs["catalog"]["pipelineStages"]["data"][number];
export type Member = Outputs["members"]["list"]["data"][number];
export type LeadStatus = Lead["status"];
export type LeadSource = Lead["source"];

export function leadName(lead: Pick<Lead, "firstName" | "lastName" | "email" | "phone">, fallback: string): string {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ").trim();
  return name || lead.email || lead.phone || fallback;
}
