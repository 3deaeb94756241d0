import { z } from "zod";
import { myOrganizationSchema } from "./my-organization.types";

export const listMyOrganizationsInput = z.void();

export const listMyOrganizationsOutput = z.object({
  activeOrganizationId: z.string(),
  data: z.array(myOrganizationSchema),
});
