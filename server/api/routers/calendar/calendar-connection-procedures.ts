import { z } from "zod";
import { calendarConnectionOf, disconnectCalendar } from "../../../calendar/calendar-connection";
import { sessionProcedure } from "../account/session-procedure";

/** The member's own calendar card (dashboard only): what is connected, and disconnecting it (revoked at Google). */
export const myCalendarConnectionProcedure = sessionProcedure
  .input(z.object({}).optional())
  .query(({ ctx }) => calendarConnectionOf(ctx.db, ctx.principal.organizationId, ctx.principal.userId!));

export const disconnectMyCalendarProcedure = sessionProcedure.input(z.object({}).optional()).mutation(async ({ ctx }) => {
  await disconnectCalendar(ctx.db, ctx.principal.organizationId, ctx.principal.userId!);
  return { disconnected: true as const };
});
