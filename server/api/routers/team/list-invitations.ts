import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { listInvitationsInput, listInvitationsOutput } from "./team.types";
import { listInvitations } from "../../../team/invitations";

/** Open invitations, pending and expired. */
export const listInvitationsProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(listInvitationsInput)
  .output(listInvitationsOutput)
  .query(({ ctx }) => listInvitations(ctx).then((data) => ({ data })));
