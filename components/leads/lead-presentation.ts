import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";
import type { BadgeTone } from "../ui/badge";

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

export function statusTone(status: LeadStatus): BadgeTone {
  switch (status) {
    case "won":
      return "success";
    case "lost":
    case "unqualified":
      return "danger";
    case "new":
      return "accent";
    case "negotiation":
    case "proposal":
      return "warning";
    default:
      return "neutral";
  }
}
