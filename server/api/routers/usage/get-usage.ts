import { protectedProcedure } from "../../trpc";
import { readUsage } from "../../../usage/read-usage";
import { requireRole, SETTINGS_ROLES } from "../../../settings/dashboard-role";
import { getUsageInput, getUsageMeta, getUsageOutput } from "./get-usage.types";

/** REST: any bearer. Dashboard: Settings → Usage, owners and admins (checked here, whatever the menu shows). */
export const getUsageProcedure = protectedProcedure
  .meta(getUsageMeta)
  .input(getUsageInput)
  .output(getUsageOutput)
  .query(async ({ ctx }) => {
    if (ctx.principal.kind === "session") await requireRole(ctx, SETTINGS_ROLES);
    return readUsage(ctx);
  });
