import { ANY_ROLE } from "../../../auth/roles";
import { getWorkingHours, setWorkingHours } from "../../../team/working-hours";
import { protectedProcedure } from "../../trpc";
import { getWorkingHoursInput, setWorkingHoursInput, workingHoursOutput } from "./working-hours.types";

/** A member's working hours (the first-touch clock's): one's own for everyone, anyone's for owners and admins (checked in the domain). */
export const getWorkingHoursProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(getWorkingHoursInput)
  .output(workingHoursOutput)
  .query(({ ctx, input }) => getWorkingHours(ctx, input.userId ?? ctx.principal.userId ?? ""));

export const setWorkingHoursProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(setWorkingHoursInput)
  .output(workingHoursOutput)
  .mutation(({ ctx, input }) => setWorkingHours(ctx, input.userId ?? ctx.principal.userId ?? "", input.workingHours));
