import { sessionUserId } from "../../../account/session-user";
import { endAllSessions } from "../../../auth/sessions";
import { sessionProcedure } from "./session-procedure";
import { signOutEverywhereInput, signOutEverywhereOutput } from "./sign-out-everywhere.types";

/** Ends every dashboard session of the caller, this one included; the client then signs out locally. */
export const signOutEverywhereProcedure = sessionProcedure
  .input(signOutEverywhereInput)
  .output(signOutEverywhereOutput)
  .mutation(async ({ ctx }) => {
    await endAllSessions(ctx.db, sessionUserId(ctx.principal));
    return { ok: true as const };
  });
