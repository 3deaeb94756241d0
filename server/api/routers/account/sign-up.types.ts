import { z } from "zod";
import { passwordSchema } from "../../../auth/passwords";

export const signUpInput = z.object({
  name: z.string().trim().min(1, "validation.enterYourName").max(200, "at most 200 characters"),
  email: z.string().trim().toLowerCase().pipe(z.email("validation.email").max(254)),
  password: passwordSchema,
  organizationName: z.string().trim().min(1, "validation.enterCompanyName").max(200, "at most 200 characters"),
  locale: z.enum(["en", "es"]).default("en"),
  /** The browser's zone, so dates read right from the first screen; an unknown value is dropped, not refused. */
  timezone: z.string().max(64).nullish(),
});

/** The same for an address that already has an account (no ids: the answer must not tell them apart). */
export const signUpOutput = z.object({
  /** Only in development without outgoing email: the address verification link, to open by hand. */
  verificationUrl: z.string().nullable(),
});
