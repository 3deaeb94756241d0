import { protectedProcedure } from "../../trpc";
import { createCalendarEvent } from "../../../calendar/calendar-events";
import { createCalendarEventInput, createCalendarEventMeta, createCalendarEventOutput } from "./create-calendar-event.types";

export const createCalendarEventProcedure = protectedProcedure
  .meta(createCalendarEventMeta)
  .input(createCalendarEventInput)
  .output(createCalendarEventOutput)
  .mutation(({ ctx, input }) => createCalendarEvent(ctx, input));
