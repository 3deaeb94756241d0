import { z } from "zod";
import { memberRoleSchema } from "../../../auth/roles";
import { timestampSchema } from "../../schemas/timestamp";
import { memberSchema } from "../members/member.types";

/** Wire shapes of Settings → Members (dashboard door only; nothing here is part of /api/v1). */
const email = z.string().trim().toLowerCase().pipe(z.email("validation.email").max(254));
const id = z.string().max(64);

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  status: z.enum(["pending", "expired"]),
  invitedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: timestampSchema,
  lastSentAt: timestampSchema,
  expiresAt: timestampSchema,
});

export const sentInvitationSchema = z.object({
  invitation: invitationSchema,
  emailed: z.boolean(),
  /** Only when outgoing email is not configured: the link for the admin to copy. */
  inviteUrl: z.string().nullable(),
});

export const teamOverviewInput = z.void();
export const teamOverviewOutput = z.object({
  yourRole: memberRoleSchema,
  yourUserId: z.string().nullable(),
  members: z.array(memberSchema.extend({ assignedLeads: z.number().int(), emailVerified: z.boolean() })),
  formerAssignees: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), assignedLeads: z.number().int() })),
});

export const listInvitationsInput = z.void();
export const listInvitationsOutput = z.object({ data: z.array(invitationSchema) });
export const createInvitationInput = z.object({ email, role: memberRoleSchema.default("member") });
export const invitationIdInput = z.object({ id });
export const revokeInvitationOutput = z.object({ id: z.string() });

export const changeRoleInput = z.object({ membershipId: id, role: memberRoleSchema });
export const changeRoleOutput = memberSchema;
export const memberVerificationInput = z.object({ membershipId: id });
export const memberVerificationOutput = z.object({
  alreadyVerified: z.boolean(),
  emailed: z.boolean(),
  /** Only when outgoing email is not configured: the link for the admin to copy. */
  verificationUrl: z.string().nullable(),
});
export const removeMemberInput = z.object({ membershipId: id });
export const removeMemberOutput = z.object({
  membershipId: z.string(),
  userId: z.string(),
  assignedLeads: z.number().int(),
  revokedOAuthTokens: z.number().int(),
});
/** Exactly one target: a member (`toUserId`) or a round-robin pool of the organization (`toPoolId`, one turn per lead). */
export const reassignLeadsInput = z.union(
  [
    z.object({ fromUserId: z.uuid(), toUserId: z.uuid(), toPoolId: z.undefined().optional() }).strict(),
    z.object({ fromUserId: z.uuid(), toPoolId: z.uuid(), toUserId: z.undefined().optional() }).strict(),
  ],
  { error: "validation.oneReassignTarget" },
);
export const reassignLeadsOutput = z.object({ reassigned: z.number().int(), remaining: z.number().int() });
