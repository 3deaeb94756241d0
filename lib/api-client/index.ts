import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

export type { components, operations, paths, webhooks } from "./schema.js";
export { deliverySignatures, signWebhookBody, verifyWebhookSignature } from "./webhook-signature.js";

/**
 * A typed client for inmo's REST API (openapi-fetch over the generated
 * `schema.d.ts`): paths, parameters, bodies and answers are checked by the
 * compiler against the published OpenAPI document.
 */
export function createApiClient(origin: string, token?: string) {
  return createClient<paths>({
    baseUrl: `${origin.replace(/\/+$/, "")}/api/v1`,
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });
}
