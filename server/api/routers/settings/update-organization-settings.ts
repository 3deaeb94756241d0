import { updateOrganizationSettings } from "../../../settings/organization-settings";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { updateOrganizationSettingsInput, updateOrganizationSettingsOutput } from "./update-organization-settings.types";

export const updateOrganizationSettingsProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(updateOrganizationSettingsInput)
  .output(updateOrganizationSettingsOutput)
  .mutation(({ ctx, input }) => updateOrganizationSettings(ctx, input));
