import { z } from "zod";
import { decryptSecret } from "../crypto/secret-box";
import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { isApiError } from "../errors/api-error";
import { renderError } from "../errors/render-error";
import { defineDeferredJob } from "../jobs/deferred/deferred-job";
import { createLead } from "../leads/create-lead";
import { logger } from "../system/logger";
import { storedMappingOf } from "./ad-page-representation";
import { mapAnswers } from "./field-mapping";
import { AdPlatformError, leadAdsGraph, type AdLead } from "./meta/lead-ads-graph";
import { metaLeadsSettings } from "./meta-leads-settings";

/** Meta throttles per page per day and has bad minutes: retried after 1 min, 5 min, 30 min, 2 h, 6 h, then recorded as failed. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;

type Delivery = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

function findDelivery(ctx: DomainContext, deliveryId: string) {
  return ctx.db.adLeadDelivery.findFirst({
    where: { id: deliveryId, connection: { organizationId: ctx.principal.organizationId } },
    include: { connection: true },
  });
}

async function recordFailure(ctx: DomainContext, delivery: Delivery, error: string): Promise<void> {
  await ctx.db.adLeadDelivery.update({ where: { id: delivery.id }, data: { error: error.slice(0, 500) } });
}

/** The ids routing matches round-robin connections by (server/round-robin/lead-origin.ts), and where the lead came from. */
function sourceMetadataOf(pageId: string, lead: AdLead): Record<string, string> {
  const metadata: Record<string, string> = { provider: "meta", adplatformPageId: pageId, leadgenId: lead.id };
  if (lead.formId) metadata.adplatformFormId = lead.formId;
  if (lead.adId) metadata.adplatformAdId = lead.adId;
  if (lead.adsetId) metadata.adplatformAdsetId = lead.adsetId;
  if (lead.campaignId) metadata.adplatformCampaignId = lead.campaignId;
  return metadata;
}

/**
 * Turns one `leadgen` notification into a lead: reads the lead's answers and
 * ad ids from the Graph API with the page's token, maps the answers by the
 * page's mapping, and creates the lead through the leads' own `createLead`
 * (source `adplatform`, the leadgen id as `externalId`, the ids in `sourceMetadata`, so it is validated,
 * counted, routed and announced like any other), as the organization's
 * system actor. The lead and the delivery's link to it are written in one
 * transaction under a lock on the delivery, so a run repeated after a crash
 * creates nothing twice.
 *
 * Meta refusing the page's token (expired, revoked) marks the page as
 * needing reconnection, which Settings shows; the notification waits and is
 * fetched again when the page is reconnected. Throttling and outages are
 * retried; a lead Meta no longer has, or one with no way to reach the person,
 * is recorded with the reason and not retried.
 */
export const fetchAdLeadJob = defineDeferredJob({
  kind: "fetch-ad-lead",
  payload: z.object({ deliveryId: z.uuid() }),
  retryDelaysMs: RETRY_DELAYS_MS,
  async run(ctx, { payload }) {
    const delivery = await findDelivery(ctx, payload.deliveryId);
    if (!delivery || delivery.leadId !== null) return;
    const settings = metaLeadsSettings();
    if (!settings) return recordFailure(ctx, delivery, "Meta Lead Ads is not configured on this server");
    const { connection } = delivery;
    if (connection.status === "reconnect_required") return recordFailure(ctx, delivery, `waiting for the page to be reconnected: ${connection.statusReason ?? ""}`);

    let lead: AdLead;
    try {
      lead = await leadAdsGraph(settings).readLead(delivery.leadgenId, decryptSecret(connection.accessTokenCiphertext));
    } catch (error) {
      if (!(error instanceof AdPlatformError)) throw error;
      if (error.kind === "throttled" || error.kind === "unavailable") throw error;
      if (error.kind === "token") {
        await ctx.db.adPageConnection.updateMany({
          where: { id: connection.id, organizationId: connection.organizationId },
          data: { status: "reconnect_required", statusReason: error.reason, statusChangedAt: new Date() },
        });
        logger.warn("lead_sources.page_needs_reconnect", { connectionId: connection.id, organizationId: connection.organizationId, code: error.code });
      }
      return recordFailure(ctx, delivery, error.reason);
    }

    const body = mapAnswers(lead.answers, storedMappingOf(connection.fieldMapping));
    try {
      await runInTransaction(ctx.db, async (tx) => {
        const [locked] = await tx.$queryRaw<{ leadId: string | null }[]>`
          SELECT "leadId" FROM "AdLeadDelivery" WHERE "id" = ${delivery.id}::uuid FOR UPDATE`;
        if (!locked || locked.leadId !== null) return;
        const created = await createLead(ctx, { ...body, source: "adplatform", externalId: lead.id, sourceMetadata: sourceMetadataOf(connection.pageId, lead) });
        await tx.adLeadDelivery.update({
          where: { id: delivery.id },
          data: { leadId: created.id, formId: lead.formId, adId: lead.adId, error: null },
        });
        await tx.adPageConnection.update({
          where: { id: connection.id },
          data: { leadsReceived: { increment: 1 }, lastLeadAt: new Date() },
        });
      });
    } catch (error) {
      // Refused by the lead rules (no way to reach the person, the plan's limit): recorded, not retried.
      if (!isApiError(error) || error.status >= 500) throw error;
      await recordFailure(ctx, delivery, renderError(error, ctx.principal.organization.locale).message);
    }
  },
});
