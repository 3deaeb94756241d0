import { z } from "zod";
import { myOrganizationSchema } from "./my-organization.types";

export const createMyOrganizationInput = z.object({
  name: z.string().trim().min(1, "validation.enterName").max(200, "at most 200 characters"),
});

export const createMyOrganizationOutput = myOrganizationSchema;
