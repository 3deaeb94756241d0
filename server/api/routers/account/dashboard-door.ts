import { ApiError } from "../../../errors/api-error";
import { publicProcedure } from "../../trpc";

/** Anonymous, but only from the dashboard's own pages (the tRPC door), like sign-up. */
export const dashboardPublicProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.door !== "trpc") throw new ApiError("FORBIDDEN", "account.dashboardOnly");
  return next();
});
