import { getDb } from "../server/db";
import { INNGEST_POLICY } from "../server/jobs/driver-policy";
import { databaseClock } from "../server/jobs/job-clock";
import type { JobRuntime } from "../server/jobs/job-runtime";

/** The runtime job bodies get under Inngest in production. */
export async function inngestRuntime(): Promise<JobRuntime> {
  return { db: await getDb(), clock: databaseClock, policy: INNGEST_POLICY };
}
