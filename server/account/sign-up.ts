import { z } from "zod";
import { hashPassword, passwordSchema } from "../auth/passwords";
import type { Db } from "../db/client";
import { createOrganizationInTransaction, timezoneSchema } from "../organizations/create-organization";
import { fieldError } from "./field-error";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Sign-up: a new person starts a new organization and owns it. The user, the
 * organization (with its default pipeline) and the owner membership are
 * written in one transaction, so a failure leaves nothing behind.
 */
export const signUpInput = z.object({
  name: z.string().trim().min(1, "enter your name").max(200, "at most 200 characters"),
  email: z.string().trim().toLowerCase().pipe(z.email("enter a valid email address").max(254)),
  password: passwordSchema,
  organizationName: z.string().trim().min(1, "enter your company's name").max(200, "at most 200 characters"),
  locale: z.enum(["en", "es"]).default("en"),
  /** The browser's zone, so dates read right from the first screen; an unknown value is dropped, not refused. */
  timezone: z.string().max(64).nullish(),
});

export interface SignedUp {
  userId: string;
  organizationId: string;
}

const EMAIL_TAKEN = "an account with this email already exists; sign in instead";

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

export async function signUp(db: Db, input: z.output<typeof signUpInput>): Promise<SignedUp> {
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw fieldError("email", EMAIL_TAKEN);
  }
  const timezone = timezoneSchema.safeParse(input.timezone ?? "");
  // Hashing is slow on purpose: do it before the transaction opens.
  const passwordHash = await hashPassword(input.password);
  try {
    return await runInTransaction(db, async (tx) => {
      const organization = await createOrganizationInTransaction(tx, {
        name: input.organizationName,
        locale: input.locale,
        timezone: timezone.success ? timezone.data : null,
      });
      const user = await tx.user.create({
        data: { email: input.email, name: input.name, passwordHash, locale: input.locale },
        select: { id: true },
      });
      await tx.membership.create({ data: { organizationId: organization.id, userId: user.id, role: "owner" } });
      return { userId: user.id, organizationId: organization.id };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the loser gets the same answer as a taken email.
    if (isUniqueViolation(error)) throw fieldError("email", EMAIL_TAKEN);
    throw error;
  }
}
