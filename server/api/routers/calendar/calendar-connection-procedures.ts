import { z } from "zod";
import { calendarConnectionOf, disconnectCalendar } from "../../../calendar/calendar-connection";
import { ANY_ROLE } from "../../../auth/roles";
import { protectedProcedure } from "../../trpc";
import { listLeadMeetings } from "../../../calendar/lead-meetings";

/** The member's own calendar card (dashboard only): what is connected, and disconnecting it (revoked at Google). */
export const myCalendarConnectionProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(z.object({}).optional())
  .query(({ ctx }) => calendarConnectionOf(ctx.db, ctx.principal.organizationId, ctx.principal.userId!));

export const disconnectMyCalendarProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(z.object({}).optional())
  .mutation(async ({ ctx }) => {
    await disconnectCalendar(ctx.db, ctx.principal.organizationId, ctx.principal.userId!);
    return { disconnected: true as const };
  });

/** The lead page's upcoming meetings (dashboard only; the API lists events per member with GET /calendar/events). */
export const leadMeetingsProcedure = protectedProcedure
  .meta({ scope: "calendar:read", roles: ANY_ROLE })
  .input(z.object({ leadId: z.string().min(1).max(64) }))
  .query(({ ctx, input }) => listLeadMeetings(ctx, input.leadId));
