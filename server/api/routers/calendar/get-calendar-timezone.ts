import { protectedProcedure } from "../../trpc";
import { organizationTimeZone } from "../../../calendar/wall-clock";
import { getCalendarTimezoneInput, getCalendarTimezoneMeta, getCalendarTimezoneOutput } from "./get-calendar-timezone.types";

export const getCalendarTimezoneProcedure = protectedProcedure
  .meta(getCalendarTimezoneMeta)
  .input(getCalendarTimezoneInput)
  .output(getCalendarTimezoneOutput)
  .query(({ ctx }) => ({ timezone: organizationTimeZone(ctx.principal.organization.timezone) }));
