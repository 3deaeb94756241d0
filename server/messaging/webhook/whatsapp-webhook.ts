import { getDb } from "../../db";
import { ApiError } from "../../errors/api-error";
import { readBoundedBytes } from "../../http/bounded-body";
import { apiErrorResponse } from "../../http/error-response";
import { logger } from "../../system/logger";
import { whatsAppSettings } from "../whatsapp-settings";
import { processWebhookPayload } from "./process-payload";
import { webhookPayloadSchema } from "./webhook-payload";
import { hubSignatureIsValid, verifyTokenMatches } from "./webhook-signature";

/**
 * Meta's webhook for the WhatsApp numbers our organizations connected
 * (`/api/integrations/whatsapp/webhook`, outside `/api/v1`: it is Meta's
 * protocol, not our API).
 *
 * - GET is the subscription handshake: `hub.mode=subscribe` with our verify
 *   token answers the `hub.challenge`, as plain text; anything else is 403.
 * - POST carries status callbacks and inbound messages. The body is verified
 *   first (`X-Hub-Signature-256` over the raw bytes with the app secret): a
 *   missing or wrong signature is 401 and nothing is read further, let alone
 *   written. Then each change is applied as the system actor of the
 *   organization that connected the number, idempotently, and 200 answers.
 *   A failure while applying answers 500 so Meta retries (it retries for days).
 * - Without WHATSAPP_APP_SECRET / WHATSAPP_VERIFY_TOKEN the route is 404 and says why.
 */
export async function handleWhatsAppWebhook(req: Request): Promise<Response> {
  const settings = whatsAppSettings();
  if (!settings) return apiErrorResponse(new ApiError("NOT_FOUND", "messaging.notConfigured"));
  const method = req.method.toUpperCase();

  if (method === "GET") {
    const params = new URL(req.url).searchParams;
    const challenge = params.get("hub.challenge");
    if (params.get("hub.mode") !== "subscribe" || challenge === null || !verifyTokenMatches(params.get("hub.verify_token"), settings.verifyToken)) {
      return apiErrorResponse(new ApiError("FORBIDDEN", "messaging.badVerifyToken"));
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
    logger.warn("messaging.webhook_bad_signature", { bytes: body.length });
    return apiErrorResponse(new ApiError("UNAUTHORIZED", "messaging.badSignature"));
  }
  let parsed;
  try {
    parsed = webhookPayloadSchema.safeParse(JSON.parse(body.toString("utf8")));
  } catch {
    return apiErrorResponse(new ApiError("BAD_REQUEST", "request.malformedJson"));
  }
  // A signed body that is not a WhatsApp account notification (another product's webhook on the same app) is acknowledged and ignored.
  if (!parsed.success || parsed.data.object !== "whatsapp_business_account") return Response.json({ received: 0 });

  try {
    const outcome = await processWebhookPayload(await getDb(), parsed.data.entry);
    return Response.json({ received: outcome.statuses + outcome.messages });
  } catch (error) {
    logger.error("messaging.webhook_failed", { error });
    return apiErrorResponse(new ApiError("INTERNAL_ERROR", "internal"));
  }
}
