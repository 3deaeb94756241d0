import { Inngest } from "inngest";

/** The app's Inngest client. Sending needs INNGEST_EVENT_KEY (or INNGEST_DEV); the embedded driver never sends. */
export const inngest = new Inngest({ id: "inmo" });

/** A claimed piece of a job's work is handed to a run of that job. */
export const dueEvent = (jobId: string) => `jobs/${jobId}.due`;
/** Sent after a commit that queued work for a job, so its sweeper claims it without waiting for the next minute. */
export const nudgeEvent = (jobId: string) => `jobs/${jobId}.queued`;
