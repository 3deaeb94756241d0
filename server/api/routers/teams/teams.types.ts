import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";

/** Wire shapes of Settings → Teams (dashboard door only; the Members API shows each member's team). */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      isLead: z.boolean().describe("A team lead sees the leads of the team's members when lead visibility is `own`"),
    }),
  ),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

const userIds = z.array(z.uuid("must be a member's user id")).max(500, "at most 500 people");

/** The whole team: its name, its leads (one or more) and its other members. */
export const teamBodySchema = z.object({
  name: z.string().trim().min(1, "enter a name").max(100, "at most 100 characters"),
  leadUserIds: userIds.min(1, "choose at least one team lead"),
  memberUserIds: userIds,
});

export const listTeamsInput = z.void();
export const listTeamsOutput = z.object({ data: z.array(teamSchema) });

export const createTeamInput = teamBodySchema;
export const updateTeamInput = teamBodySchema.extend({ teamId: z.uuid() });
export const teamOutput = teamSchema;

export const deleteTeamInput = z.object({ teamId: z.uuid() });
export const deleteTeamOutput = z.object({ id: z.string(), deleted: z.literal(true) });
