import { z } from "zod";
import { defineRowClaimedJob } from "../jobs/job-definition";
import { claimDueContacts, contactSource } from "./claim-contacts";
import { dispatchContact } from "./dispatch-contact";
import { DISPATCH_SEQUENCE_CONTACT_JOB_ID } from "./sequence-job-ids";

const dispatchInput = z.object({
  contactId: z.uuid(),
  organizationId: z.uuid(),
  /** The contact's slot (ISO 8601). */
  dispatchAt: z.string(),
  /** The claim's number: a run whose contact was claimed again since (its lease ended) does nothing. */
  attempt: z.number().int().positive(),
  /** Set when the contact was handed over before its slot (ISO 8601): the run sleeps until then. */
  waitUntil: z.string().optional(),
});
type DispatchInput = z.infer<typeof dispatchInput>;

/** Stable step ids (Inngest memoises by them). */
export const SLOT_STEP_ID = "slot";
export const DISPATCH_STEP_ID = "dispatch";

/**
 * Call-sequence dispatch: the planner job (plan-sequence-slots-job.ts) gives
 * pending contacts their slots; this job claims the contacts whose slot has
 * come, fairly across organizations, one run per contact: wait for the slot
 * if it was handed over early, then dispatch.
 */
export const dispatchSequenceContactJob = defineRowClaimedJob<DispatchInput>({
  id: DISPATCH_SEQUENCE_CONTACT_JOB_ID,
  name: "Dispatch call-sequence contact",
  input: dispatchInput,
  retries: 3,
  concurrencyPerOrganization: 10,
  source: contactSource,
  async claimDue(runtime, options) {
    const claims = await claimDueContacts(runtime.db, runtime.clock, { ...options, lookAheadMs: runtime.policy.lookAheadMs });
    return claims.map((claim) => {
      const dispatchAt = claim.dispatchAt.toISOString();
      return {
        organizationId: claim.organizationId,
        input: {
          contactId: claim.contactId,
          organizationId: claim.organizationId,
          dispatchAt,
          attempt: claim.attempt,
          ...(claim.early ? { waitUntil: dispatchAt } : {}),
        },
        key: `${claim.contactId}-${claim.attempt}-${claim.lease.until.getTime()}`,
        lease: claim.lease,
        traceparent: claim.traceparent,
      };
    });
  },
  async run(io, runtime, { input }) {
    if (input.waitUntil) await io.sleepUntil(SLOT_STEP_ID, input.waitUntil);
    return io.run(DISPATCH_STEP_ID, () => dispatchContact(runtime.db, runtime.clock, input.contactId, { attempt: input.attempt }));
  },
});
