import { z } from "zod";
import { calendarConnectionOf, disconnectCalendar } from "../../../calendar/calendar-connection";
import { sessionProcedure } from "../account/session-procedure";
import { protectedProcedure } from "../../trpc";
import { listLeadMeetings } from "../../../calendar/lead-meetings";

/** The member's own calendar card (dashboard only): what is connected, and disconnecting it (revoked at Google). */
export const myCalendarConnectionProcedure = sessionProcedure
  .input(z.object({}).optional())
  .query(({ ctx }) => calendarConnectionOf(ctx.db, ctx.principal.organizationId, ctx.principal.userId!));

export const disconnectMyCalendarProcedure = sessionProcedure.input(z.object({}).optional()).mutation(async ({ ctx }) => {
  await disconnectCalendar(ctx.db, ctx.principal.organizationId, ctx.principal.userId!);
  return { disconnected: true as const };
});

/** The lead page's upcoming meetings (dashboard only; the API lists events per member with GET /calendar/events). */
export const leadMeetingsProcedure = protectedProcedure
  .meta({ scope: "calendar:read" })
  .input(z.object({ leadId: z.string().min(1).max(64) }))
  .query(({ ctx, input }) => listLeadMeetings(ctx, input.leadId));
