import { MANAGERS } from "../../../auth/roles";
import { listLeadAccess } from "../../../leads/access/list-lead-access";
import { pageOf } from "../../schemas/pagination";
import { protectedProcedure } from "../../trpc";
import { listLeadAccessInput, listLeadAccessOutput } from "./list-lead-access.types";

/** Exports (who, when, how many) or views (who, which lead, when), newest first: owners and admins. */
export const listLeadAccessProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(listLeadAccessInput)
  .output(listLeadAccessOutput)
  .query(async ({ ctx, input }) => pageOf(await listLeadAccess(ctx, input), input));
