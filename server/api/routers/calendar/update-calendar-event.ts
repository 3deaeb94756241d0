import { protectedProcedure } from "../../trpc";
import { patchCalendarEvent } from "../../../calendar/calendar-events";
import { updateCalendarEventInput, updateCalendarEventMeta, updateCalendarEventOutput } from "./update-calendar-event.types";

export const updateCalendarEventProcedure = protectedProcedure
  .meta(updateCalendarEventMeta)
  .input(updateCalendarEventInput)
  .output(updateCalendarEventOutput)
  .mutation(async ({ ctx, input }) => ({ event: await patchCalendarEvent(ctx, input) }));
