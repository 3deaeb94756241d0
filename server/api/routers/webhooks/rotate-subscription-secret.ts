import { rotateSubscriptionSecret } from "../../../webhooks/rotate-secret";
import { protectedProcedure } from "../../trpc";
import { rotateSubscriptionSecretInput, rotateSubscriptionSecretMeta, rotateSubscriptionSecretOutput } from "./rotate-subscription-secret.types";

/** Both doors: integrations rotate their subscriptions' secrets; Settings → Webhooks rotates any of the organization's. */
export const rotateSubscriptionSecretProcedure = protectedProcedure
  .meta(rotateSubscriptionSecretMeta)
  .input(rotateSubscriptionSecretInput)
  .output(rotateSubscriptionSecretOutput)
  .mutation(async ({ ctx, input }) => {
    const rotated = await rotateSubscriptionSecret(ctx, input.id);
    return { id: rotated.id, secret: rotated.secret, previous_secret_expires_at: rotated.previousSecretExpiresAt.toISOString() };
  });
