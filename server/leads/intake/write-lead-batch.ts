import type { DbTx } from "../../db/client";
import type { DomainContext } from "../../domain-context";
import { ApiError, isApiError } from "../../errors/api-error";
import { effectiveCeilings } from "../../rate-limit/ceilings";
import { chargeMonthlyUsage } from "../../rate-limit/monthly-usage";
import { countApiUsage } from "../../usage/request-counter";
import type { CreateLeadRequest } from "../create-lead";
import { writeIntakeLead, type IntakeOptions, type IntakeOutcome } from "./write-intake-lead";
import { databaseErrorKind } from "../../errors/database-error";

export type BatchItemOutcome = ({ index: number } & IntakeOutcome) | { index: number; status: "invalid"; error: unknown };

/**
 * `POST /leads/batch`: each item on its own (writeIntakeLead), in order, one
 * transaction each, so a refused item leaves nothing and never fails the
 * others. Items that failed validation arrive as their error. With
 * `chargeMonthly` (the REST door, which meters), each created or updated
 * lead charges one monthly unit in its own transaction: an item the quota has
 * no room for is refused like any other.
 */
export async function writeLeadBatch(
  ctx: DomainContext,
  items: ({ body: CreateLeadRequest } | { error: unknown })[],
  options: Omit<IntakeOptions, "beforeWrite">,
  chargeMonthly: boolean,
): Promise<BatchItemOutcome[]> {
  const { principal } = ctx;
  const monthCeiling = effectiveCeilings(principal.organization.rateLimits).month;
  const charge = async (tx: DbTx) => {
    const charged = await chargeMonthlyUsage(tx, principal.organizationId, 1, monthCeiling);
    if (!charged.allowed) throw new ApiError("RATE_LIMITED", "rateLimit.month", { limit: monthCeiling ?? 0 });
  };
  const outcomes: BatchItemOutcome[] = [];
  let units = 0;
  for (const [index, item] of items.entries()) {
    if ("error" in item) {
      outcomes.push({ index, status: "invalid", error: item.error });
      continue;
    }
    try {
      const outcome = await writeIntakeLead(ctx, item.body, { ...options, beforeWrite: chargeMonthly ? charge : undefined });
      if (outcome.status !== "skipped") units++;
      outcomes.push({ index, ...outcome });
    } catch (error) {
      if (!isApiError(error) && !isClientError(error)) throw error;
      outcomes.push({ index, status: "invalid", error });
    }
  }
  // The Usage page's units (the request itself is counted by the REST door).
  if (chargeMonthly && units > 0) countApiUsage(ctx.db, principal, "request", units, 0);
  return outcomes;
}

/** Database refusals a client's data can cause (a unique `externalId` lost to a concurrent write). */
function isClientError(error: unknown): boolean {
  return databaseErrorKind(error) === "uniqueViolation";
}
