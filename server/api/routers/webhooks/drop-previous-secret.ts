import { dropPreviousSecret } from "../../../webhooks/rotate-secret";
import { protectedProcedure } from "../../trpc";
import { dropPreviousSecretInput, dropPreviousSecretMeta, dropPreviousSecretOutput } from "./drop-previous-secret.types";

/** Both doors: ends a rotation's overlap early. */
export const dropPreviousSecretProcedure = protectedProcedure
  .meta(dropPreviousSecretMeta)
  .input(dropPreviousSecretInput)
  .output(dropPreviousSecretOutput)
  .mutation(async ({ ctx, input }) => ({ ...(await dropPreviousSecret(ctx, input.id)), previous_secret_expires_at: null }));
