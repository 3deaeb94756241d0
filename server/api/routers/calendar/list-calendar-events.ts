import { protectedProcedure } from "../../trpc";
import { listCalendarEvents } from "../../../calendar/calendar-events";
import { listCalendarEventsInput, listCalendarEventsMeta, listCalendarEventsOutput } from "./list-calendar-events.types";

export const listCalendarEventsProcedure = protectedProcedure
  .meta(listCalendarEventsMeta)
  .input(listCalendarEventsInput)
  .output(listCalendarEventsOutput)
  .query(async ({ ctx, input }) => ({ events: await listCalendarEvents(ctx, input) }));
