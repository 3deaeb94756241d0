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
