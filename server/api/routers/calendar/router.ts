import { createTRPCRouter } from "../../trpc";
import { disconnectMyCalendarProcedure, leadMeetingsProcedure, myCalendarConnectionProcedure } from "./calendar-connection-procedures";
import { createCalendarEventProcedure } from "./create-calendar-event";
import { deleteCalendarEventProcedure } from "./delete-calendar-event";
import { getCalendarTimezoneProcedure } from "./get-calendar-timezone";
import { listCalendarEventsProcedure } from "./list-calendar-events";
import { updateCalendarEventProcedure } from "./update-calendar-event";

/** The organization's zone and events on one member's connected calendar (API and dashboard). */
export const calendarRouter = createTRPCRouter({
  timezone: getCalendarTimezoneProcedure,
  events: listCalendarEventsProcedure,
  createEvent: createCalendarEventProcedure,
  updateEvent: updateCalendarEventProcedure,
  deleteEvent: deleteCalendarEventProcedure,
  myConnection: myCalendarConnectionProcedure,
  disconnect: disconnectMyCalendarProcedure,
  leadMeetings: leadMeetingsProcedure,
});
