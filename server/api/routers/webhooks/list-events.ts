import { EVENT_GROUPS, EVENT_TYPES } from "../../../events/event-types";
import { protectedProcedure } from "../../trpc";
import { listEventsInput, listEventsMeta, listEventsOutput } from "./list-events.types";

export const listEventsProcedure = protectedProcedure
  .meta(listEventsMeta)
  .input(listEventsInput)
  .output(listEventsOutput)
  .query(() => ({
    events: [...EVENT_TYPES],
    groups: { Leads: [...EVENT_GROUPS.Leads], Projects: [...EVENT_GROUPS.Projects], Units: [...EVENT_GROUPS.Units] },
  }));
