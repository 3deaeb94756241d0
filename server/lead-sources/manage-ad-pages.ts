import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { toAdPageDetail, type AdPageDetail } from "./ad-page-representation";
import type { FieldMapping } from "./field-mapping";
import { metaLeadsSettings, metaLeadsWebhookUrl } from "./meta-leads-settings";

export interface LeadSourcesOverview {
  /** False when the server lacks the Meta app's settings: the page says so and offers nothing to connect. */
  configured: boolean;
  /** The callback URL to enter in the Meta app (object Page, field `leadgen`), when the public origin is known. */
  webhookUrl: string | null;
  pages: AdPageDetail[];
}

/** Settings → Lead sources: whether Meta Lead Ads is set up on this server, and the organization's pages, oldest first. */
export async function listAdPages(ctx: DomainContext): Promise<LeadSourcesOverview> {
  const rows = await ctx.db.adPageConnection.findMany({
    where: { organizationId: ctx.principal.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { configured: metaLeadsSettings() !== null, webhookUrl: metaLeadsWebhookUrl(), pages: rows.map(toAdPageDetail) };
}

/**
 * Replaces a page's question mapping as a whole (keys are the form's question
 * keys as Meta names them in `field_data`); keys left out use the defaults.
 * Leads already created keep what they were given.
 */
export async function updateAdPageMapping(ctx: DomainContext, connectionId: string, fieldMapping: FieldMapping): Promise<AdPageDetail> {
  const { count } = await ctx.db.adPageConnection.updateMany({
    where: { id: connectionId, organizationId: ctx.principal.organizationId },
    data: { fieldMapping },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "leadSources.pageNotFound");
  return toAdPageDetail(await ctx.db.adPageConnection.findUniqueOrThrow({ where: { id: connectionId } }));
}

/** Disconnects a page: its later notifications are acknowledged and ignored; the leads it brought stay. */
export async function disconnectAdPage(ctx: DomainContext, connectionId: string): Promise<void> {
  const { count } = await ctx.db.adPageConnection.deleteMany({ where: { id: connectionId, organizationId: ctx.principal.organizationId } });
  if (count === 0) throw new ApiError("NOT_FOUND", "leadSources.pageNotFound");
}
