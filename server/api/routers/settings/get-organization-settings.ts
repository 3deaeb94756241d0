import { protectedProcedure } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { getOrganizationSettings } from "../../../settings/organization-settings";
import { getOrganizationSettingsInput, getOrganizationSettingsOutput } from "./get-organization-settings.types";

/** Every member may read the organization's settings (dates and language follow them); changing them is for managers. */
export const getOrganizationSettingsProcedure = protectedProcedure
  .meta({ scope: "none", roles: ANY_ROLE })
  .input(getOrganizationSettingsInput)
  .output(getOrganizationSettingsOutput)
  .query(({ ctx }) => getOrganizationSettings(ctx));
