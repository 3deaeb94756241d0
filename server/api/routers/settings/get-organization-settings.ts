import { protectedProcedure } from "../../trpc";
import { getOrganizationSettings } from "../../../settings/organization-settings";
import { getOrganizationSettingsInput, getOrganizationSettingsOutput } from "./get-organization-settings.types";

/** Every member may read the organization's settings (dates and language follow them); see settingsProcedure for changes. */
export const getOrganizationSettingsProcedure = protectedProcedure
  .meta({ scope: "none" })
  .input(getOrganizationSettingsInput)
  .output(getOrganizationSettingsOutput)
  .query(({ ctx }) => getOrganizationSettings(ctx));
