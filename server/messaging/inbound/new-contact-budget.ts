import { RateLimiterRes } from "rate-limiter-flexible";
import { config } from "../../config/config";
import { limiterStoreReady, namedLimiter } from "../../rate-limit/limiter-store";

/**
 * How many leads an organization gets per hour from WhatsApp numbers it has
 * never heard from (`WHATSAPP_NEW_LEADS_PER_HOUR`, default 60), counted in the
 * rate-limit store. Messages from known numbers never spend it.
 */
export async function spendNewContactBudget(organizationId: string): Promise<boolean> {
  await limiterStoreReady();
  try {
    await namedLimiter("whatsapp:new-contact-leads", config().WHATSAPP_NEW_LEADS_PER_HOUR, 3600).consume(organizationId, 1);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}
