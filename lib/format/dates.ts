/**
 * Dates in the dashboard are shown in the organization's time zone (Settings
 * → Organization), not the browser's, so a team spread over offices reads
 * the same times. Without a configured zone, UTC is used and labelled.
 */
export interface DateContext {
  locale: "en" | "es";
  timeZone: string | null;
}

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(context: DateContext, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = context.timeZone ?? "UTC";
  const key = `${context.locale}|${timeZone}|${JSON.stringify(options)}`;
  let result = cache.get(key);
  if (!result) {
    result = new Intl.DateTimeFormat(context.locale === "es" ? "es-ES" : "en-US", { ...options, timeZone });
    cache.set(key, result);
  }
  return result;
}

function toDate(value: string | Date): Date {
  return typeof value === "string" ? new Date(value) : value;
}

/** "Mar 4, 2026, 3:05 PM" / "4 mar 2026, 15:05". */
export function formatDateTime(value: string | Date, context: DateContext): string {
  return formatter(context, { dateStyle: "medium", timeStyle: "short" }).format(toDate(value));
}

/** With seconds and the zone name: for logs where order and exact time matter. */
export function formatPreciseTime(value: string | Date, context: DateContext): string {
  return formatter(context, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  }).format(toDate(value));
}

export function formatDate(value: string | Date, context: DateContext): string {
  return formatter(context, { dateStyle: "medium" }).format(toDate(value));
}

const DIVISIONS: { amount: number; unit: Intl.RelativeTimeFormatUnit }[] = [
  { amount: 60, unit: "second" },
  { amount: 60, unit: "minute" },
  { amount: 24, unit: "hour" },
  { amount: 7, unit: "day" },
  { amount: 4.34524, unit: "week" },
  { amount: 12, unit: "month" },
  { amount: Number.POSITIVE_INFINITY, unit: "year" },
];

/** "3 minutes ago" / "hace 3 minutos"; relative phrases need no zone. */
export function formatRelative(value: string | Date, locale: "en" | "es", now: number = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  let duration = (toDate(value).getTime() - now) / 1000;
  for (const division of DIVISIONS) {
    if (Math.abs(duration) < division.amount) return rtf.format(Math.round(duration), division.unit);
    duration /= division.amount;
  }
  return rtf.format(Math.round(duration), "year");
}

/** Minutes the zone is ahead of UTC at `instant`. */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClockAsUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return Math.round((wallClockAsUtc - instant.getTime()) / 60_000);
}

/** The last second of a calendar day (`YYYY-MM-DD`) in the organization's zone, e.g. for "expires on". */
export function endOfDayInZone(day: string, timeZone: string | null): Date {
  const [year = 1970, month = 1, date = 1] = day.split("-").map(Number);
  const utcGuess = Date.UTC(year, month - 1, date, 23, 59, 59);
  if (!timeZone) return new Date(utcGuess);
  return new Date(utcGuess - zoneOffsetMinutes(new Date(utcGuess), timeZone) * 60_000);
}
