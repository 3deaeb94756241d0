import { z } from "zod";
import { memberRoleSchema } from "../../../auth/roles";
import { timestampSchema } from "../../schemas/timestamp";

/** A member as both member procedures answer it: the membership, the user behind it and their team. */
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
  team: z
    .object({
      id: z.string().describe("Team id (uuid)"),
      name: z.string(),
      isLead: z.boolean().describe("Whether the member leads the team: with `own` lead visibility a team lead sees the leads of its members"),
    })
    .nullable()
    .describe(
      "Extension: the team the member belongs to (a member belongs to at most one), null when none. Teams are managed by owners and admins in the dashboard (Settings → Teams).",
    ),
});
