import { isUniversalLeadWebhookEnabled, setUniversalLeadWebhook } from "../../../organizations/universal-lead-webhook";
import { settingsProcedure } from "./settings-procedure";
import { setUniversalLeadWebhookInput, universalLeadWebhookOutput } from "./universal-lead-webhook.types";

/** Settings → Organization → Universal lead webhook (owners and admins; see server/organizations/universal-lead-webhook.ts). */
export const getUniversalLeadWebhookProcedure = settingsProcedure
  .output(universalLeadWebhookOutput)
  .query(async ({ ctx }) => ({ enabled: await isUniversalLeadWebhookEnabled(ctx.db, ctx.principal.organizationId) }));

export const setUniversalLeadWebhookProcedure = settingsProcedure
  .input(setUniversalLeadWebhookInput)
  .output(universalLeadWebhookOutput)
  .mutation(async ({ ctx, input }) => ({
    enabled: (await setUniversalLeadWebhook(ctx.db, ctx.principal.organizationId, input.enabled)).universalLeadWebhookEnabled,
  }));
