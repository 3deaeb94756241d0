import type { DbTx } from "../db/client";
import { defineDeferredJob, scheduleDeferredJob } from "../jobs/deferred/deferred-job";
import { z } from "zod";
import { effectiveReplySettings, type ReplySettings } from "./reply-settings";
import { sendInstantReply } from "./send-instant-reply";

/**
 * The instant reply as fire-once work: queued in the transaction that
 * creates the lead, due at once (the embedded driver is nudged after the
 * commit; Inngest's sweeper hands it over at once when nudged). Sending is
 * at most once per lead (send-instant-reply.ts), so a retry of the job never
 * sends twice; there are no retries to make.
 */
export const instantReplyJob = defineDeferredJob<{ leadId: string }>({
  kind: "lead.instant-reply",
  payload: z.object({ leadId: z.string() }),
  retryDelaysMs: [],
  async run(ctx, { payload }) {
    await sendInstantReply(ctx, payload.leadId);
  },
});

/**
 * Queues the lead's instant reply when the setting that decides it (its
 * pool's, else its source's) is switched on. Called by createLead for a lead
 * that just arrived through a door that replies (docs/decisions.md, "Instant reply").
 */
export async function scheduleInstantReply(
  tx: DbTx,
  organizationId: string,
  lead: { id: string; roundRobinId: string | null; source: string },
  /** The lead's setting when the caller read it already (a create reads it with its other settings); undefined: read here. */
  known?: ReplySettings | null,
): Promise<void> {
  const settings = known !== undefined ? known : await effectiveReplySettings(tx, organizationId, lead);
  if (!settings?.enabled) return;
  await scheduleDeferredJob(tx, instantReplyJob, { organizationId, payload: { leadId: lead.id }, runAt: { afterMs: 0 }, key: lead.id });
}
