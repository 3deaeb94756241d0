import { z } from "zod";

/**
 * Plan limits of an organization; `null` means unlimited. The spec leaves the
 * numbers open, so the free plan below is ours: generous enough for a real
 * sales team, small enough that a runaway integration hits a 403 long before
 * it hurts the database. Self-hosters raise or lift them per organization.
 */
export interface PlanLimits {
  maxLeads: number | null;
  maxProjects: number | null;
  maxWebhookEndpoints: number | null;
}

export const DEFAULT_PLAN = {
  maxLeads: 10_000,
  maxProjects: 200,
  maxWebhookEndpoints: 20,
} as const satisfies PlanLimits;

/** One plan limit: a positive whole number, or null for unlimited. */
export const planLimitSchema = z.number().int().positive().max(2_147_483_647).nullable();

/**
 * Custom rate-limit ceilings stored on the organization. They matter for
 * organizations exempted from the standard windows (see the schema); the
 * standard windows themselves live with the rate limiter.
 */
export const rateLimitCeilingSchema = z.number().int().positive().max(2_147_483_647).nullable();
