import { createHmac } from "node:crypto";

/** `X-Service-Signature`: `sha256=` + hex HMAC-SHA256 of the exact bytes sent, keyed with the subscription secret. */
export function signBody(body: string | Buffer, secret: string): string {
  return "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
}
