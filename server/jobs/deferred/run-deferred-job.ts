import { Prisma } from "../../db/generated/client";
import { z } from "zod";
import { claimFairly, leaseOf, type FairClaimSource } from "../fair-claim";
import { defineRowClaimedJob, type RowClaimedJob } from "../job-definition";
import { attemptDeferredJob } from "./deferred-attempt";
import { RUN_DEFERRED_JOB_ID, type AnyDeferredJobKind } from "./deferred-job";
import { deferredJobKinds } from "./kinds";

const runDeferredInput = z.object({
  jobId: z.uuid(),
  organizationId: z.uuid(),
  attempt: z.number().int().positive(),
  /** Set when the job was handed over before it is due (ISO 8601): the run waits until then. */
  waitUntil: z.string().optional(),
});
export type RunDeferredInput = z.infer<typeof runDeferredInput>;

/** Deferred jobs as the fair claim sees them: pending ones are due at `runAt`; within an organization, kinds take turns. */
const deferredSource: FairClaimSource = {
  table: "DeferredJob",
  dueAt: Prisma.sql`t."runAt"`,
  open: Prisma.sql`t."status" = 'pending'`,
  lane: Prisma.sql`t."kind"`,
  returning: Prisma.sql`, t."attemptCount"`,
};

export const deferredAttemptStepId = (attempt: number) => `attempt-${attempt}`;
export const deferredWaitStepId = (attempt: number) => `wait-attempt-${attempt}`;

/**
 * The runner of every deferred job kind: one run per due row makes one
 * attempt; a failure sets the row's next due time and the next claim takes it
 * again, under either driver.
 */
export function deferredJobRunner(kinds: readonly AnyDeferredJobKind[]): RowClaimedJob<RunDeferredInput> {
  const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
  return defineRowClaimedJob<RunDeferredInput>({
    id: RUN_DEFERRED_JOB_ID,
    name: "Run deferred job",
    input: runDeferredInput,
    retries: 3,
    concurrencyPerOrganization: 8,
    source: deferredSource,
    async claimDue(runtime, options) {
      const rows = await claimFairly<{ attemptCount: number }>(runtime.db, runtime.clock, deferredSource, {
        ...options,
        lookAheadMs: runtime.policy.lookAheadMs,
      });
      return rows.map((row) => {
        const attempt = row.attemptCount + 1;
        return {
          organizationId: row.organizationId!,
          input: { jobId: row.id, organizationId: row.organizationId!, attempt, ...(row.early ? { waitUntil: row.dueAt.toISOString() } : {}) },
          key: `${row.id}-${attempt}-${row.lockedUntil.getTime()}`,
          lease: leaseOf(deferredSource, row),
          traceparent: row.traceparent,
        };
      });
    },
    async run(io, runtime, { input }) {
      if (input.waitUntil) await io.sleepUntil(deferredWaitStepId(input.attempt), input.waitUntil);
      const outcome = await io.run(deferredAttemptStepId(input.attempt), () => attemptDeferredJob(runtime, byKind, input.jobId, input.attempt));
      if (outcome.state === "failed") io.logger.warn("jobs.deferred_job_failed", { jobId: input.jobId, attempt: outcome.attempt, error: outcome.error });
      return outcome;
    },
  });
}

/** The runner of the registered kinds (`kinds.ts`). */
export const runDeferredJob = deferredJobRunner(deferredJobKinds);
