import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";

export const listEventsMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  openapi: {
    method: "GET",
    path: "/webhooks/events",
    tags: ["Webhooks"],
    summary: "List event types",
    description: "Every event type a subscription can name, and the same types grouped for display (Leads, Projects, Units).",
  },
} satisfies ProcedureMeta;

export const listEventsInput = z.void();

export const listEventsOutput = z.object({
  events: z.array(z.string()).describe("All event types"),
  groups: z
    .object({
      Leads: z.array(z.string()).describe("The ten lead.* types"),
      Projects: z.array(z.string()).describe("The three project.* types"),
      Units: z.array(z.string()).describe("The three unit.* types"),
    })
    .describe("Event types by group"),
});
