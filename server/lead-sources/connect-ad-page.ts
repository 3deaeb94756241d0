import { encryptSecret } from "../crypto/secret-box";
import { runInTransaction } from "../db/run-in-transaction";
import { scheduleDeferredJob } from "../jobs/deferred/deferred-job";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { explainDatabaseError } from "../errors/database-error";
import { refuseInSandbox } from "../organizations/sandbox-guard";
import { connectFailure } from "./ad-page-failure";
import { toAdPageDetail, type AdPageDetail } from "./ad-page-representation";
import { fetchAdLeadJob } from "./fetch-ad-lead-job";
import { AdPlatformError, leadAdsGraph } from "./meta/lead-ads-graph";
import { requireMetaLeadsSettings } from "./meta-leads-settings";

export interface ConnectAdPageRequest {
  pageId: string;
  accessToken: string;
}

/**
 * Connects a Meta page whose lead forms create leads (owners and admins).
 * Meta is asked first: the token reads the page (its name is kept), and our
 * app is installed on the page for `leadgen` notifications — without that
 * Meta sends nothing — so a page is only stored once it works. The token is
 * sealed at rest like a WhatsApp sender's. Connecting a page the
 * organization already has replaces its token and clears "needs
 * reconnecting" (the mapping stays): that is how a page is reconnected, and
 * the leads that arrived meanwhile are fetched again. A
 * page connected to another organization is refused (409): its leads can
 * only belong to one.
 */
export async function connectAdPage(ctx: DomainContext, request: ConnectAdPageRequest): Promise<AdPageDetail> {
  refuseInSandbox(ctx.principal.organization, "Meta Lead Ads");
  const settings = requireMetaLeadsSettings();
  const organizationId = ctx.principal.organizationId;
  const existing = await ctx.db.adPageConnection.findUnique({ where: { pageId: request.pageId }, select: { organizationId: true } });
  if (existing && existing.organizationId !== organizationId) throw new ApiError("CONFLICT", "leadSources.pageInUse");
  const graph = leadAdsGraph(settings);
  let page;
  try {
    page = await graph.readPage(request.pageId, request.accessToken);
    await graph.subscribeApp(request.pageId, request.accessToken);
  } catch (error) {
    if (error instanceof AdPlatformError) throw connectFailure(error);
    throw error;
  }
  const values = {
    pageName: page.name,
    accessTokenCiphertext: encryptSecret(request.accessToken),
    status: "connected" as const,
    statusReason: null,
    statusChangedAt: new Date(),
    connectedById: ctx.principal.userId,
  };
  try {
    const row = await runInTransaction(ctx.db, async (tx) => {
      if (!existing) return tx.adPageConnection.create({ data: { ...values, organizationId, pageId: request.pageId } });
      const updated = await tx.adPageConnection.update({ where: { pageId: request.pageId }, data: values });
      // Leads that arrived while the token was refused are fetched again now that it works.
      const waiting = await tx.adLeadDelivery.findMany({ where: { connectionId: updated.id, leadId: null }, select: { id: true, leadgenId: true } });
      for (const delivery of waiting) {
        await scheduleDeferredJob(tx, fetchAdLeadJob, { organizationId, payload: { deliveryId: delivery.id }, runAt: { afterMs: 0 }, key: delivery.leadgenId });
      }
      return updated;
    });
    return toAdPageDetail(row);
  } catch (error) {
    throw explainDatabaseError(error, { uniqueViolation: () => new ApiError("CONFLICT", "leadSources.pageInUse") });
  }
}
