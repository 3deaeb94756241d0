import { protectedProcedure } from "../../trpc";
import { readUsage } from "../../../usage/read-usage";
import { getUsageInput, getUsageMeta, getUsageOutput } from "./get-usage.types";

/** Settings → Usage (owners and admins: every credential) and the member's profile (their own apps); REST with `usage:read`. */
export const getUsageProcedure = protectedProcedure
  .meta(getUsageMeta)
  .input(getUsageInput)
  .output(getUsageOutput)
  .query(({ ctx }) => readUsage(ctx));
