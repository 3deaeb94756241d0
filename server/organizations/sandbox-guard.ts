import type { Principal } from "../auth/principal";
import { ApiError } from "../errors/api-error";

export type SandboxedProvider = "WhatsApp" | "Google Calendar" | "Meta Lead Ads";

/**
 * A sandbox organization never calls the outside world on its users' behalf:
 * a WhatsApp send, a sender connection or a Google Calendar call is refused
 * before anything leaves, with an answer that says why (403 `FORBIDDEN`,
 * nothing was sent). Email is recorded `not_sent` by the mail job instead
 * (server/mail/mail-attempt.ts). Webhooks are delivered: they are what an
 * integration built against a sandbox is there to receive.
 */
export function refuseInSandbox(organization: Pick<Principal["organization"], "sandbox">, provider: SandboxedProvider): void {
  if (organization.sandbox) throw new ApiError("FORBIDDEN", "sandbox.notSent", { provider });
}
