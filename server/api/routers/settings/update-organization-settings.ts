import { updateOrganizationSettings } from "../../../settings/organization-settings";
import { settingsProcedure } from "./settings-procedure";
import { updateOrganizationSettingsInput, updateOrganizationSettingsOutput } from "./update-organization-settings.types";

export const updateOrganizationSettingsProcedure = settingsProcedure
  .input(updateOrganizationSettingsInput)
  .output(updateOrganizationSettingsOutput)
  .mutation(({ ctx, input }) => updateOrganizationSettings(ctx, input));
