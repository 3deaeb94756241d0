import { protectedProcedure } from "../../trpc";
import { requireRole, SETTINGS_ROLES } from "../../../settings/dashboard-role";

/**
 * Dashboard-only procedures of Settings (no REST path): the caller must be an
 * owner or admin of the active organization. The role is checked here, on
 * the server, whatever the UI shows.
 */
export const settingsProcedure = protectedProcedure.meta({ scope: "none" }).use(async ({ ctx, next }) => {
  await requireRole(ctx, SETTINGS_ROLES);
  return next();
});
