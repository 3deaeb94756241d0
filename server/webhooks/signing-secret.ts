import { randomBytes } from "node:crypto";

/** A new webhook signing secret: `whsec_` + 32 random bytes, base64url (256 bits). */
export function generateSigningSecret(): string {
  return "whsec_" + randomBytes(32).toString("base64url");
}
