import { config } from "../config/config";

/**
 * When a scheduled job runs, said once: Inngest runs it on the cron derived
 * from it (UTC), the embedded driver once per period across every instance.
 */
export type JobSchedule =
  | { every: "minute" }
  | { every: "hour"; atMinute: number }
  | { every: "day"; atHour: number; atMinute: number };

export function cronOf(schedule: JobSchedule): string {
  switch (schedule.every) {
    case "minute":
      return "* * * * *";
    case "hour":
      return `${schedule.atMinute} * * * *`;
    case "day":
      return `${schedule.atMinute} ${schedule.atHour} * * *`;
  }
}

export function periodMsOf(schedule: JobSchedule): number {
  switch (schedule.every) {
    case "minute":
      return 60_000;
    case "hour":
      return 3_600_000;
    case "day":
      return 24 * 3_600_000;
  }
}

/**
 * The period of the jobs scheduled every minute under the embedded driver
 * (`JOB_MINUTE_PERIOD_MS`, default a minute). The browser tests shorten it:
 * a calendar change or a missed first-touch deadline then shows within
 * seconds instead of up to a minute later. The sweeps are idempotent, so a
 * shorter period only does the same work sooner.
 */
export function minutePeriodMs(): number {
  return config().JOB_MINUTE_PERIOD_MS;
}
