import { isInngestConfigured } from "../server/jobs/driver-choice";
import { registerNudger } from "../server/jobs/nudge";
import { inngest, nudgeEvent } from "./client";

/**
 * Under Inngest, a commit that queued work sends the job's queued event so its
 * sweeper claims the rows now rather than at the next minute. Registered once
 * at server start; a failed send only delays the work until the next sweep.
 */
export function registerInngestNudger(): void {
  if (!isInngestConfigured()) return;
  registerNudger(async (jobIds) => {
    await inngest.send(jobIds.map((jobId) => ({ name: nudgeEvent(jobId), data: {} })));
  });
}
