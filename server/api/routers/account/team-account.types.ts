import { z } from "zod";
import { memberRoleSchema } from "../../../auth/roles";
import { passwordSchema } from "../../../auth/passwords";

/** Wire shapes of the invitation, verification and password pages (dashboard door only). */
const token = z.string().min(1).max(200);
const role = memberRoleSchema;
const email = z.string().trim().toLowerCase().pipe(z.email("validation.email").max(254));

export const tokenInput = z.object({ token });
export const invitationPreviewOutput = z.object({
  state: z.enum(["pending", "expired", "revoked", "accepted"]),
  email: z.string(),
  role,
  organizationName: z.string(),
  inviterName: z.string().nullable(),
  accountExists: z.boolean(),
});
export const joinedOutput = z.object({ organizationId: z.string(), organizationName: z.string(), role, email: z.string() });
export const acceptAsNewUserInput = z.object({
  token,
  name: z.string().trim().min(1, "validation.enterYourName").max(200, "at most 200 characters"),
  password: passwordSchema,
});

export const acceptWithPasswordInput = z.object({ token, password: z.string().min(1, "validation.enterPassword").max(256) });

export const verifyEmailOutput = z.object({ email: z.string() });
export const resendVerificationInput = z.object({});
export const resendVerificationOutput = z.object({ alreadyVerified: z.boolean(), emailed: z.boolean(), verificationUrl: z.string().nullable() });

export const requestPasswordResetInput = z.object({ email });
export const okOutput = z.object({ ok: z.literal(true) });
export const resetPasswordInput = z.object({ token, password: passwordSchema });
export const emailOutput = z.object({ email: z.string() });
export const changePasswordInput = z.object({ currentPassword: z.string().max(256), newPassword: passwordSchema });

export const accountStatusInput = z.void();
export const accountStatusOutput = z.object({ email: z.string(), emailVerified: z.boolean(), hasPassword: z.boolean() });
