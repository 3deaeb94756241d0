import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "../../trpc";
import {
  getOrganizationSettings,
  organizationSettingsSchema,
  updateOrganizationSettings,
  updateOrganizationSettingsInput,
} from "../../../settings/organization-settings";
import { settingsProcedure } from "./settings-procedure";

/** Settings → Organization. Every member may read it (dates and language follow it); owners and admins change it. */
export const organizationRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({ scope: "none" })
    .input(z.void())
    .output(organizationSettingsSchema)
    .query(({ ctx }) => getOrganizationSettings(ctx.db, ctx.principal.organizationId)),

  update: settingsProcedure
    .meta({ scope: "none" })
    .input(updateOrganizationSettingsInput)
    .output(organizationSettingsSchema)
    .mutation(({ ctx, input }) => updateOrganizationSettings(ctx.db, ctx.principal.organizationId, input)),
});
