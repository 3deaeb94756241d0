import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { claimFairly, leaseOf, type FairClaimOptions, type FairClaimSource, type LeaseHandle } from "../jobs/fair-claim";
import type { Clock } from "../jobs/job-clock";

/**
 * Sequence contacts as the fair claim sees them (server/jobs/fair-claim.ts):
 * a contact is due at its slot (`dispatchAt`): scheduled ones while their
 * sequence runs, in-progress ones whatever the sequence's state (a dispatch
 * that started finishes, even if the sequence was paused since). Within an
 * organization its sequences take turns. Each claim counts as a dispatch
 * attempt (`attempts`), which is also the claim's fencing token: a run whose
 * contact was claimed again since does nothing. A claim handed back unused
 * (shutdown) does not count.
 */
export const contactSource: FairClaimSource = {
  table: "SequenceContact",
  dueAt: Prisma.sql`t."dispatchAt"`,
  open: Prisma.sql`(t."status" = 'in_progress' OR (t."status" = 'scheduled'
    AND EXISTS (SELECT 1 FROM "Sequence" s WHERE s."id" = t."sequenceId" AND s."status" = 'running')))`,
  lane: Prisma.sql`t."sequenceId"`,
  onClaim: Prisma.sql`"attempts" = t."attempts" + 1`,
  onRelease: Prisma.sql`"attempts" = t."attempts" - 1`,
  returning: Prisma.sql`, t."attempts"`,
};

export interface ClaimedContact {
  contactId: string;
  organizationId: string;
  /** The contact's slot. */
  dispatchAt: Date;
  /** The claim's number (the contact's `attempts` after it): the run's fencing token. */
  attempt: number;
  /** Handed over before its slot: the run waits until `dispatchAt`. */
  early: boolean;
  lease: LeaseHandle;
  traceparent: string | null;
}

export async function claimDueContacts(db: Db, clock: Clock, options: FairClaimOptions): Promise<ClaimedContact[]> {
  const rows = await claimFairly<{ attempts: number }>(db, clock, contactSource, options);
  return rows.map((row) => ({
    contactId: row.id,
    organizationId: row.organizationId!,
    dispatchAt: row.dueAt,
    attempt: row.attempts,
    early: row.early,
    lease: leaseOf(contactSource, row),
    traceparent: row.traceparent,
  }));
}
