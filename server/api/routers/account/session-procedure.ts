import { protectedProcedure } from "../../trpc";
import { sessionUserId } from "../../../account/session-user";

/**
 * The signed-in person's account (dashboard only, no REST path): any
 * dashboard session, whatever its role; a bearer token is refused.
 */
export const sessionProcedure = protectedProcedure.meta({ scope: "none" }).use(({ ctx, next }) => {
  sessionUserId(ctx.principal);
  return next();
});
