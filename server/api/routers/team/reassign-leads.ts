import { teamProcedure } from "./team-procedure";
import { reassignLeadsInput, reassignLeadsOutput } from "./team.types";
import { reassignLeads } from "../../../team/team-overview";

/** Hands up to 200 leads of one person to a member; call again while some remain. */
export const reassignLeadsProcedure = teamProcedure
  .input(reassignLeadsInput)
  .output(reassignLeadsOutput)
  .mutation(({ ctx, input }) => reassignLeads(ctx, input));
