import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { createInvitationInput, sentInvitationSchema } from "./team.types";
import { createInvitation } from "../../../team/invitations";

/** Invites an address with a role (only owners invite owners); replaces an open invitation to the same address. */
export const createInvitationProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(createInvitationInput)
  .output(sentInvitationSchema)
  .mutation(({ ctx, input }) => createInvitation(ctx, input));
