import { z } from "zod";

export const EVENT_GROUPS = {
  Leads: [
    "lead.created",
    "lead.updated",
    "lead.stage_changed",
    "lead.assigned",
    "lead.unassigned",
    "lead.won",
    "lead.lost",
    "lead.deleted",
    "lead.note_added",
    "lead.communication_logged",
  ],
  Projects: ["project.created", "project.updated", "project.deleted"],
  Units: ["unit.created", "unit.updated", "unit.status_changed"],
} as const;

export const EVENT_TYPES = [...EVENT_GROUPS.Leads, ...EVENT_GROUPS.Projects, ...EVENT_GROUPS.Units] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;
