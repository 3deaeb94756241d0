import { z } from "zod";
import { memberRoleSchema, type MemberRole } from "../../../server/auth/roles";
import { hashPassword, passwordSchema } from "../../../server/auth/passwords";
import { ApiError } from "../../../server/errors/api-error";
import { addMembership } from "../../../server/team/add-membership";
import { parseFlags, required } from "../args";
import type { Command } from "../command";
import { requireOrganization } from "../lookups";
import { validateFlags } from "../usage-error";

const options = {
  org: { type: "string" },
  email: { type: "string" },
  name: { type: "string" },
  role: { type: "string" },
  password: { type: "string" },
} as const;

const inputSchema = z.object({
  org: z.string().trim().min(1),
  email: z.string().trim().toLowerCase().pipe(z.email("not a valid email address").max(254)),
  name: z.string().trim().min(1).max(200),
  role: memberRoleSchema.default("member"),
  password: passwordSchema.optional(),
});

/**
 * Adds a person to an organization, creating their user when the email is
 * new. An existing user keeps their name and password: an administrator
 * adding someone to a second organization must not be able to reset the
 * credentials they use everywhere else. An existing account whose address was
 * never verified is refused: it was made by someone else (sign-up), and
 * linking it would hand the seat to whoever registered the address. A new
 * account made here counts as verified: the operator vouches for the address.
 */
export const userCreate: Command = {
  name: "user create",
  usage: "user create --org ORG --email EMAIL --name NAME [--role owner|admin|member] [--password PASSWORD]",
  prepare(args) {
    const flags = parseFlags("user create", args, options);
    const input = validateFlags(inputSchema, {
      org: required(flags.org, "--org"),
      email: required(flags.email, "--email"),
      name: required(flags.name, "--name"),
      role: flags.role as MemberRole | undefined,
      password: flags.password,
    });
    return async (db) => {
      const organization = await requireOrganization(db, input.org);
      const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true, emailVerifiedAt: true } });
      if (existing && !existing.emailVerifiedAt) {
        throw ApiError.text(
          "CONFLICT",
          `${input.email} has an account whose address is not verified; it was not added. Its owner must open the verification link first (or invite the address from Settings → Members).`,
        );
      }
      if (existing && input.password !== undefined) {
        throw ApiError.text("CONFLICT", `a user with the email ${input.email} already exists; --password only applies to a new user`);
      }
      const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
      return db.$transaction(async (tx) => {
        const user =
          (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) ??
          (await tx.user.create({
            data: { email: input.email, name: input.name, passwordHash, locale: organization.locale, emailVerifiedAt: new Date() },
            select: { id: true },
          }));
        const member = await tx.membership.findUnique({
          where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
          select: { id: true },
        });
        if (member) throw ApiError.text("CONFLICT", `${input.email} is already a member of ${organization.slug ?? organization.id}`);
        const membership = await addMembership(tx, { organizationId: organization.id, userId: user.id, role: input.role });
        return { userId: user.id, membershipId: membership.id };
      });
    };
  },
};
