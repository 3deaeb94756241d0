import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { reassignLeadsInput, reassignLeadsOutput } from "./team.types";
import { reassignLeads } from "../../../team/team-overview";

/** Hands up to 200 leads of one person to a member; call again while some remain. */
export const reassignLeadsProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(reassignLeadsInput)
  .output(reassignLeadsOutput)
  .mutation(({ ctx, input }) => reassignLeads(ctx, input));
