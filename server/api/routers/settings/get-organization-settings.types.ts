import { z } from "zod";
import { organizationSettingsSchema } from "./organization-settings.types";

export const getOrganizationSettingsInput = z.void();

export const getOrganizationSettingsOutput = organizationSettingsSchema;
