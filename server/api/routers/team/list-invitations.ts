import { teamProcedure } from "./team-procedure";
import { listInvitationsInput, listInvitationsOutput } from "./team.types";
import { listInvitations } from "../../../team/invitations";

/** Open invitations, pending and expired. */
export const listInvitationsProcedure = teamProcedure
  .input(listInvitationsInput)
  .output(listInvitationsOutput)
  .query(({ ctx }) => listInvitations(ctx).then((data) => ({ data })));
