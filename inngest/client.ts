import { Inngest } from "inngest";
import { config } from "../server/config/config";
import { isInngestDevOn } from "../server/jobs/driver-choice";

/**
 * The app's Inngest client. Sending needs INNGEST_EVENT_KEY (or INNGEST_DEV); the embedded driver never sends.
 * Dev mode follows server/config (read at each use, as the SDK itself would read INNGEST_DEV), so the one
 * configuration decides; the SDK reads its keys from the environment itself.
 */
export const inngest = new Inngest({
  id: "inmo",
  get isDev() {
    return isInngestDevOn(config().INNGEST_DEV);
  },
});

/** A claimed piece of a job's work is handed to a run of that job. */
export const dueEvent = (jobId: string) => `jobs/${jobId}.due`;
/** Sent after a commit that queued work for a job, so its sweeper claims it without waiting for the next minute. */
export const nudgeEvent = (jobId: string) => `jobs/${jobId}.queued`;
