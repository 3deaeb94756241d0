import { z } from "zod";
import { defineJob } from "../jobs/job-definition";
import { claimDueContacts } from "./claim-contacts";
import { dispatchContact } from "./dispatch-contact";
import { DISPATCH_SEQUENCE_CONTACT_JOB_ID } from "./dispatch-job-id";
import { planRunningSequences } from "./plan-dispatch";

const dispatchInput = z.object({
  contactId: z.uuid(),
  organizationId: z.uuid(),
  /** The contact's slot (ISO 8601). */
  dispatchAt: z.string(),
  /** The claim's lease end (ISO 8601): a fencing token, so a run whose hand-over was superseded does nothing. */
  lease: z.string().optional(),
});

/** Stable step ids (Inngest memoises by them). */
export const SLOT_STEP_ID = "slot";
export const DISPATCH_STEP_ID = "dispatch";

/**
 * Call-sequence pacing: each claim first runs the planner (slots inside
 * business hours at most `maxPerMinute`, see plan-dispatch.ts), then leases
 * the contacts whose slot has come. One run per contact: wait for the slot
 * (Inngest only; the embedded driver only claims due rows), then dispatch.
 */
export const dispatchSequenceContactJob = defineJob({
  id: DISPATCH_SEQUENCE_CONTACT_JOB_ID,
  name: "Dispatch call-sequence contact",
  input: dispatchInput,
  retries: 3,
  concurrencyPerOrganization: 10,
  async claimDue(runtime, options) {
    await planRunningSequences(runtime.db, runtime.clock);
    const claims = await claimDueContacts(runtime.db, runtime.clock, runtime.driver, options);
    return claims.map((claim) => ({
      organizationId: claim.organizationId,
      input: { contactId: claim.contactId, organizationId: claim.organizationId, dispatchAt: new Date(claim.dispatchAt ?? Date.now()).toISOString(),
        lease: new Date(claim.lockedUntil).toISOString(),
      },
      key: `${claim.contactId}-${new Date(claim.lockedUntil).getTime()}`,
    }));
  },
  async run(io, runtime, { input }) {
    if (runtime.driver === "inngest" && Date.parse(input.dispatchAt) > runtime.clock().getTime()) {
      await io.sleepUntil(SLOT_STEP_ID, input.dispatchAt);
    }
    return io.run(DISPATCH_STEP_ID, () => dispatchContact(runtime.db, runtime.clock, input.contactId, { lease: input.lease }));
  },
});
