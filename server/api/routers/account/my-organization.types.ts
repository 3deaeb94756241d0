import { z } from "zod";

/** One of the signed-in person's organizations, with their role in it (the organization switcher). */
export const myOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  role: z.enum(["owner", "admin", "member"]),
});
