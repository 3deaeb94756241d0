import { ANY_ROLE } from "../../../auth/roles";
import { getOutOfOffice, setOutOfOffice } from "../../../team/out-of-office";
import { protectedProcedure } from "../../trpc";
import { getOutOfOfficeInput, outOfOfficeOutput, setOutOfOfficeInput } from "./out-of-office.types";

/** A member's out-of-office dates (the rotation skips them): one's own for everyone, anyone's for owners and admins (checked in the domain). */
export const getOutOfOfficeProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(getOutOfOfficeInput)
  .output(outOfOfficeOutput)
  .query(({ ctx, input }) => getOutOfOffice(ctx, input.userId ?? ctx.principal.userId ?? ""));

export const setOutOfOfficeProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(setOutOfOfficeInput)
  .output(outOfOfficeOutput)
  .mutation(({ ctx, input }) => setOutOfOffice(ctx, input.userId ?? ctx.principal.userId ?? "", { from: input.from, until: input.until }));
