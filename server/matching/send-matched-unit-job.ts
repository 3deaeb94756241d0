import { z } from "zod";
import type { DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { defineDeferredJob, scheduleDeferredJob } from "../jobs/deferred/deferred-job";
import { effectiveMatchSendingOfProjects } from "./match-sending-settings";
import { consentsToOffers, sendMatchedUnit } from "./send-matched-unit";
import { nextSendingInstant } from "./sending-hours";

type Pair = { unitId: string; leadId: string };

/**
 * Sending one matched unit to one lead, as fire-once work. When it comes due
 * outside the organization's sending hours (hours changed since it was
 * queued, or a retry ran late) it queues itself again for the next opening
 * and sends nothing now. Sending is at most once per pair (the `UnitSend`
 * claim in send-matched-unit.ts), so there are no retries to make: a failed
 * send is recorded, never repeated.
 */
export const sendMatchedUnitJob = defineDeferredJob<Pair>({
  kind: "match.send-unit",
  payload: z.object({ unitId: z.string(), leadId: z.string() }),
  retryDelaysMs: [],
  async run(ctx, { payload, clock }) {
    const now = clock().getTime();
    const opensAt = await nextSendingInstant(ctx.db, ctx.principal.organizationId, now);
    if (opensAt > now) {
      await runInTransaction(ctx.db, (tx) => queueSend(tx, ctx.principal.organizationId, payload, new Date(opensAt)));
      return;
    }
    await sendMatchedUnit(ctx, payload, new Date(now));
  },
});

function queueSend(tx: DbTx, organizationId: string, pair: Pair, runAt: Date | { afterMs: number }): Promise<string> {
  return scheduleDeferredJob(tx, sendMatchedUnitJob, { organizationId, payload: pair, runAt, key: `${pair.unitId}:${pair.leadId}` });
}

/**
 * Queues a send for each new match whose project sends units to leads (its
 * own setting, else the organization's default) and whose lead consents to
 * offers, in the matching run's transaction: a match is recorded exactly when
 * its send is queued. Due at once; the job itself waits for the sending hours.
 */
export async function scheduleMatchedUnitSends(tx: DbTx, organizationId: string, pairs: readonly Pair[]): Promise<void> {
  if (pairs.length === 0) return;
  const units = await tx.unit.findMany({
    where: { organizationId, id: { in: [...new Set(pairs.map((pair) => pair.unitId))] } },
    select: { id: true, projectId: true },
  });
  const settings = await effectiveMatchSendingOfProjects(tx, organizationId, [...new Set(units.map((unit) => unit.projectId))]);
  const sendingUnits = new Set(units.filter((unit) => settings.get(unit.projectId)?.sendToLead !== "off").map((unit) => unit.id));
  const candidates = pairs.filter((pair) => sendingUnits.has(pair.unitId));
  if (candidates.length === 0) return;
  const leads = await tx.lead.findMany({
    where: { organizationId, id: { in: [...new Set(candidates.map((pair) => pair.leadId))] } },
    select: { id: true, offersConsent: true },
  });
  const consenting = new Set(leads.filter((lead) => consentsToOffers(lead.offersConsent)).map((lead) => lead.id));
  for (const pair of candidates) {
    if (consenting.has(pair.leadId)) await queueSend(tx, organizationId, pair, { afterMs: 0 });
  }
}
