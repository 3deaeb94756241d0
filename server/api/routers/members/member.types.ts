import { z } from "zod";
import { memberRoleSchema } from "../../../auth/roles";
import { timestampSchema } from "../../schemas/timestamp";

/** A member as both member procedures answer it: the membership and the user behind it. */
export const memberSchema = z.object({
  id: z.string().describe("Membership id (uuid), used in /members/{memberId}"),
  role: memberRoleSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  user: z.object({
    id: z.string().describe("User id: the value for `assignedToId` and `userId`"),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable().describe("Avatar URL"),
    locale: z.enum(["en", "es"]),
  }),
});
