import { sessionUserId } from "../../../account/session-user";
import { endAllSessions } from "../../../auth/sessions";
import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { signOutEverywhereInput, signOutEverywhereOutput } from "./sign-out-everywhere.types";

/** Ends every dashboard session of the caller, this one included; the client then signs out locally. */
export const signOutEverywhereProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(signOutEverywhereInput)
  .output(signOutEverywhereOutput)
  .mutation(async ({ ctx }) => {
    await endAllSessions(ctx.db, sessionUserId(ctx.principal));
    return { ok: true as const };
  });
