import { getDb } from "../../db";
import { runInTransaction } from "../../db/run-in-transaction";
import { ApiError } from "../../errors/api-error";
import { readBoundedBytes } from "../../http/bounded-body";
import { apiErrorResponse } from "../../http/error-response";
import { scheduleDeferredJob } from "../../jobs/deferred/deferred-job";
import { hubSignatureIsValid, verifyTokenMatches } from "../../messaging/webhook/webhook-signature";
import { logger } from "../../system/logger";
import { fetchAdLeadJob } from "../fetch-ad-lead-job";
import { metaLeadsSettings } from "../meta-leads-settings";
import { leadgenNotices, leadgenPayloadSchema } from "./leadgen-payload";

/**
 * Meta's Page webhook for the pages our organizations connected
 * (`/api/integrations/meta/leads`, outside `/api/v1`: Meta's protocol).
 *
 * - GET is the subscription handshake: `hub.mode=subscribe` with our verify
 *   token answers `hub.challenge` as plain text; anything else is 403.
 * - POST carries `leadgen` notifications (ids only). The raw body is verified
 *   first (`X-Hub-Signature-256`, HMAC-SHA256 with the app secret): a missing
 *   or wrong signature is 401 and nothing is read further. Each new lead of a
 *   connected page is recorded once per leadgen id (Meta delivers at least
 *   once and retries for 36 hours: a repeat changes nothing) and its fetch is
 *   queued as a background job in the same transaction; then 200, fast.
 *   Pages nobody connected are acknowledged and ignored.
 * - Without the Meta app's settings the route is 404 and says why.
 */
export async function handleMetaLeadsWebhook(req: Request): Promise<Response> {
  const settings = metaLeadsSettings();
  if (!settings) return apiErrorResponse(new ApiError("NOT_FOUND", "leadSources.notConfigured"));
  const method = req.method.toUpperCase();

  if (method === "GET") {
    const params = new URL(req.url).searchParams;
    const challenge = params.get("hub.challenge");
    if (params.get("hub.mode") !== "subscribe" || challenge === null || !verifyTokenMatches(params.get("hub.verify_token"), settings.verifyToken)) {
      return apiErrorResponse(new ApiError("FORBIDDEN", "leadSources.badVerifyToken"));
    }
    return new Response(challenge, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  if (method !== "POST") {
    return apiErrorResponse(
      new ApiError("METHOD_NOT_ALLOWED", "request.methodNotAllowed", { method, path: new URL(req.url).pathname, allowed: "GET, POST" }, { Allow: "GET, POST" }),
    );
  }

  let body: Buffer;
  try {
    body = await readBoundedBytes(req);
  } catch (error) {
    return apiErrorResponse(error instanceof ApiError ? error : new ApiError("BAD_REQUEST", "request.malformedJson"));
  }
  if (!hubSignatureIsValid(body, req.headers.get("x-hub-signature-256"), settings.appSecret)) {
    logger.warn("lead_sources.webhook_bad_signature", { bytes: body.length });
    return apiErrorResponse(new ApiError("UNAUTHORIZED", "leadSources.badSignature"));
  }
  let parsed;
  try {
    parsed = leadgenPayloadSchema.safeParse(JSON.parse(body.toString("utf8")));
  } catch {
    return apiErrorResponse(new ApiError("BAD_REQUEST", "request.malformedJson"));
  }
  // A signed body of another object or field (the same app's other webhooks) is acknowledged and ignored.
  if (!parsed.success || parsed.data.object !== "page") return Response.json({ received: 0 });

  try {
    const received = await queueNotices(leadgenNotices(parsed.data));
    return Response.json({ received });
  } catch (error) {
    logger.error("lead_sources.webhook_failed", { error });
    return apiErrorResponse(new ApiError("INTERNAL_ERROR", "internal"));
  }
}

/** Records each notice of a connected page once and queues its fetch; returns how many were new. */
async function queueNotices(notices: ReturnType<typeof leadgenNotices>): Promise<number> {
  if (notices.length === 0) return 0;
  const db = await getDb();
  const pages = await db.adPageConnection.findMany({ where: { pageId: { in: [...new Set(notices.map((n) => n.pageId))] } } });
  const byPage = new Map(pages.map((page) => [page.pageId, page]));
  let received = 0;
  for (const notice of notices) {
    const page = byPage.get(notice.pageId);
    if (!page) continue;
    await runInTransaction(db, async (tx) => {
      const [inserted] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO "AdLeadDelivery" ("id", "connectionId", "leadgenId", "formId", "adId", "updatedAt")
        VALUES (gen_random_uuid(), ${page.id}::uuid, ${notice.leadgenId}, ${notice.formId}, ${notice.adId}, now())
        ON CONFLICT ("connectionId", "leadgenId") DO NOTHING
        RETURNING "id"`;
      if (!inserted) return;
      received++;
      await scheduleDeferredJob(tx, fetchAdLeadJob, {
        organizationId: page.organizationId,
        payload: { deliveryId: inserted.id },
        runAt: { afterMs: 0 },
        key: notice.leadgenId,
      });
    });
  }
  return received;
}
