import { isUniversalLeadWebhookEnabled, setUniversalLeadWebhook } from "../../../organizations/universal-lead-webhook";
import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { setUniversalLeadWebhookInput, universalLeadWebhookOutput } from "./universal-lead-webhook.types";

/** Settings → Organization → Universal lead webhook (owners and admins; see server/organizations/universal-lead-webhook.ts). */
export const getUniversalLeadWebhookProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .output(universalLeadWebhookOutput)
  .query(async ({ ctx }) => ({ enabled: await isUniversalLeadWebhookEnabled(ctx.db, ctx.principal.organizationId) }));

export const setUniversalLeadWebhookProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(setUniversalLeadWebhookInput)
  .output(universalLeadWebhookOutput)
  .mutation(async ({ ctx, input }) => ({
    enabled: (await setUniversalLeadWebhook(ctx.db, ctx.principal.organizationId, input.enabled)).universalLeadWebhookEnabled,
  }));
