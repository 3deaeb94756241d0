import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";
import { DEFAULT_STAGES } from "~/server/pipeline/default-stages";

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

/**
 * A stage's name in the organization's language: a default stage whose name
 * was never customised follows the current language (an organization that
 * switches to Spanish sees "Ganado", not "Won"); a renamed stage keeps its name.
 */
export function stageDisplayName(stage: Pick<Stage, "name" | "systemKey">, locale: "en" | "es"): string {
  const defaults = DEFAULT_STAGES.find((candidate) => candidate.systemKey === stage.systemKey);
  if (!defaults || (stage.name !== defaults.name.en && stage.name !== defaults.name.es)) return stage.name;
  return defaults.name[locale];
}
