import { protectedProcedure } from "../../trpc";
import { deleteCalendarEvent } from "../../../calendar/calendar-events";
import { deleteCalendarEventInput, deleteCalendarEventMeta, deleteCalendarEventOutput } from "./delete-calendar-event.types";

export const deleteCalendarEventProcedure = protectedProcedure
  .meta(deleteCalendarEventMeta)
  .input(deleteCalendarEventInput)
  .output(deleteCalendarEventOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteCalendarEvent(ctx, input);
    return { success: true as const };
  });
