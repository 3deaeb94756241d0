import { z } from "zod";
import { memberRoleSchema } from "../../../auth/roles";

/** One of the signed-in person's organizations, with their role in it (the organization switcher). */
export const myOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  role: memberRoleSchema,
});
