import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { memberVerification } from "../../../team/email-verification";
import { memberVerificationInput, memberVerificationOutput } from "./team.types";

/** A new confirmation link for a member's unconfirmed address: mailed, or without outgoing email returned to copy. */
export const memberVerificationProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(memberVerificationInput)
  .output(memberVerificationOutput)
  .mutation(({ ctx, input }) => memberVerification(ctx, input.membershipId));
