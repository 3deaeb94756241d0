import { publicProcedure } from "../../trpc";
import { ApiError } from "../../../errors/api-error";
import { signUp } from "../../../account/sign-up";
import { throttleAttempt } from "../../../auth/abuse-throttle";
import { signUpInput, signUpOutput } from "./sign-up.types";

/** Anonymous, but only from the dashboard's own sign-up page (the tRPC door). */
export const signUpProcedure = publicProcedure
  .input(signUpInput)
  .output(signUpOutput)
  .mutation(async ({ ctx, input }) => {
    if (ctx.door !== "trpc") throw new ApiError("FORBIDDEN", "account.dashboardOnly");
    await throttleAttempt("sign-up", { address: ctx.clientAddress, email: input.email });
    return signUp(ctx.db, input);
  });
