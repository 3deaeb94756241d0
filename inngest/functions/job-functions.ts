import type { InngestFunction } from "inngest";
import type { JobDefinition, RowClaimedJob, ScheduledJob } from "../../server/jobs/job-definition";
import type { JobRuntime } from "../../server/jobs/job-runtime";
import { cronOf } from "../../server/jobs/job-schedule";
import { INNGEST_HANDOFF_LEASE_MS } from "../../server/jobs/lease";
import { dueEvent, inngest, nudgeEvent } from "../client";
import { inngestIo } from "../inngest-io";
import { observeJobRun } from "../../server/observability/job-telemetry";

const SWEEP_BATCH_SIZE = 200;
const SWEEP_MAX_BATCHES = 25;

type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

/** One run per piece of due work: triggered by the sweeper's hand-over event, at most `concurrencyPerOrganization` executing per organization. */
const traceparentOf = (data: unknown): string | null => {
  const value = (data as { traceparent?: unknown } | null)?.traceparent;
  return typeof value === "string" ? value : null;
};

export function createJobRunFunction(job: RowClaimedJob, resolveRuntime: () => Promise<JobRuntime>) {
  return inngest.createFunction(
    {
      id: job.id,
      name: job.name,
      triggers: [{ event: dueEvent(job.id) }],
      retries: job.retries as Retries,
      concurrency: [{ key: "event.data.organizationId", limit: job.concurrencyPerOrganization }],
    },
    // The event carries the row's trace context beside the input (the input's schema leaves it out).
    async ({ event, step, logger }) =>
      observeJobRun(job.id, traceparentOf(event.data), async () => job.run(inngestIo(step, logger), await resolveRuntime(), { input: job.input.parse(event.data) })),
  );
}

/**
 * Hands due rows to runs. The work is rows written in the writer's
 * transaction, so nothing depends on an event reaching Inngest: the sweeper
 * runs every minute, and sooner when a writer sends the job's queued event
 * after its commit. Each claim is a lease; the event id is derived from it,
 * so a retried send cannot start two runs. Work due before the next sweep is
 * handed over now (the runtime's look-ahead) and its run sleeps until then.
 */
export function createJobSweepFunction(job: RowClaimedJob, resolveRuntime: () => Promise<JobRuntime>) {
  return inngest.createFunction(
    {
      id: `${job.id}-sweep`,
      name: `Sweep due work: ${job.name}`,
      triggers: [{ cron: "* * * * *" }, { event: nudgeEvent(job.id) }],
      concurrency: { limit: 1 },
    },
    async ({ step }) => {
      let dispatched = 0;
      for (let batch = 1; batch <= SWEEP_MAX_BATCHES; batch++) {
        const claimed = await step.run(`claim-due-${batch}`, async () => {
          const work = await job.claimDue(await resolveRuntime(), {
            limit: SWEEP_BATCH_SIZE,
            leaseMs: INNGEST_HANDOFF_LEASE_MS,
            perOrganization: job.concurrencyPerOrganization,
          });
          // Only what travels in the event: the run reads its own rows.
          return work.map(({ key, input, traceparent }) => ({ key, input, traceparent: traceparent ?? null }));
        });
        if (claimed.length === 0) break;
        await step.sendEvent(
          `dispatch-${batch}`,
          claimed.map((work) => ({ name: dueEvent(job.id), id: work.key, data: { ...work.input, ...(work.traceparent ? { traceparent: work.traceparent } : {}) } })),
        );
        dispatched += claimed.length;
        if (claimed.length < SWEEP_BATCH_SIZE) break;
      }
      return { dispatched };
    },
  );
}

/** A periodic job: on its cron, and at once when a writer queued a run of it; never two at once. */
export function createScheduledJobFunction(job: ScheduledJob, resolveRuntime: () => Promise<JobRuntime>) {
  return inngest.createFunction(
    {
      id: job.id,
      name: job.name,
      triggers: [{ cron: cronOf(job.schedule) }, { event: nudgeEvent(job.id) }],
      retries: job.retries as Retries,
      concurrency: { limit: 1 },
    },
    async ({ step, logger }) => observeJobRun(job.id, null, async () => job.run(inngestIo(step, logger), await resolveRuntime())),
  );
}

/** The Inngest functions of one job definition: a run function and its sweeper, or a scheduled function. */
export function createJobFunctions(job: JobDefinition, resolveRuntime: () => Promise<JobRuntime>): InngestFunction.Any[] {
  switch (job.kind) {
    case "row-claimed":
      return [createJobRunFunction(job, resolveRuntime), createJobSweepFunction(job, resolveRuntime)];
    case "scheduled":
      return [createScheduledJobFunction(job, resolveRuntime)];
  }
}
