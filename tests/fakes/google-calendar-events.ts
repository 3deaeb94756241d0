import { Temporal } from "temporal-polyfill";

/**
 * One account's primary calendar in the fake Google: its events (deleted
 * ones kept with `status: "cancelled"`, as Google keeps them for sync) and a
 * change counter that sync tokens and page tokens point into. The rules each
 * answer follows are Google's (fixtures/PROVIDER-RULES.md).
 */
export interface FakeEventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface FakeEvent {
  id: string;
  status: "confirmed" | "cancelled";
  summary?: string;
  description?: string;
  location?: string;
  htmlLink: string;
  start: FakeEventTime;
  end: FakeEventTime;
  attendees?: { email: string; responseStatus: string }[];
  recurrence?: string[];
  extendedProperties?: { private?: Record<string, string> };
  updated: string;
  /** Position in the calendar's change log (not a Google field: stripped from answers). */
  changeSeq?: number;
}

type Json = Record<string, unknown>;

export function googleError(status: number, message: string, reason: string, domain = "global") {
  return { status, body: { error: { code: status, message, errors: [{ message, domain, reason }] } } as Json };
}

/** The instant an event time starts (all-day dates at midnight in `zone`). */
function instantOf(time: FakeEventTime, zone: string): Temporal.Instant {
  if (time.dateTime) return Temporal.Instant.from(time.dateTime);
  return Temporal.PlainDate.from(time.date!).toZonedDateTime({ timeZone: time.timeZone ?? zone }).toInstant();
}

/** RRULE expansion for the rules the tests use: FREQ=DAILY|WEEKLY with COUNT or UNTIL, in the event's zone. */
function instancesOf(event: FakeEvent, zone: string, until: Temporal.Instant): FakeEvent[] {
  const rule = event.recurrence?.find((r) => r.startsWith("RRULE:"));
  if (!rule) return [event];
  const parts = Object.fromEntries(rule.slice(6).split(";").map((p) => p.split("=") as [string, string]));
  const step = parts.FREQ === "WEEKLY" ? { weeks: 1 } : { days: 1 };
  const count = parts.COUNT ? Number(parts.COUNT) : 500;
  const last = parts.UNTIL ? Temporal.Instant.from(parts.UNTIL.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z")) : until;
  const tz = event.start.timeZone ?? zone;
  const out: FakeEvent[] = [];
  const allDay = Boolean(event.start.date);
  let start = allDay
    ? Temporal.PlainDate.from(event.start.date!).toZonedDateTime({ timeZone: tz })
    : Temporal.Instant.from(event.start.dateTime!).toZonedDateTimeISO(tz);
  const length = instantOf(event.start, zone).until(instantOf(event.end, zone));
  for (let n = 0; n < count && Temporal.Instant.compare(start.toInstant(), last) <= 0 && Temporal.Instant.compare(start.toInstant(), until) < 0; n++) {
    const end = start.toInstant().add(length).toZonedDateTimeISO(tz);
    const stamp = start.toInstant().toString().replace(/[-:]/g, "").replace(/\.\d+/, "");
    out.push({
      ...event,
      id: `${event.id}_${stamp}`,
      recurrence: undefined,
      start: allDay ? { date: start.toPlainDate().toString() } : { dateTime: start.toString({ timeZoneName: "never" }), timeZone: tz },
      end: allDay ? { date: end.toPlainDate().toString() } : { dateTime: end.toString({ timeZoneName: "never" }), timeZone: tz },
    });
    start = start.add(step);
  }
  return out;
}

/** An event as Google answers it: dateTimes shown in `zone` when one is asked for. */
export function shown(event: FakeEvent, zone: string | null): Json {
  const show = (t: FakeEventTime) =>
    t.dateTime && zone
      ? { dateTime: Temporal.Instant.from(t.dateTime).toZonedDateTimeISO(zone).toString({ timeZoneName: "never" }), timeZone: zone }
      : t;
  const { recurrence, changeSeq: _internal, ...rest } = event;
  void _internal;
  return { kind: "calendar#event", ...rest, ...(recurrence ? { recurrence } : {}), start: show(event.start), end: show(event.end) };
}

/** Parameters Google refuses next to a syncToken (discovery: events.list.parameters.syncToken). */
const NOT_WITH_SYNC_TOKEN = ["iCalUID", "orderBy", "privateExtendedProperty", "q", "sharedExtendedProperty", "timeMin", "timeMax", "updatedMin"];

export interface CalendarLog {
  events: FakeEvent[];
  /** Last change number handed out. */
  seq: number;
  /** Sync tokens issued before this change number answer 410 fullSyncRequired. */
  validFrom: number;
}

export function touch(log: CalendarLog, event: FakeEvent, now: Date): void {
  event.changeSeq = ++log.seq;
  event.updated = now.toISOString();
}

const encode = (value: Json) => Buffer.from(JSON.stringify(value)).toString("base64url");
function decode(token: string): Json | null {
  try {
    const value = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as unknown;
    return typeof value === "object" && value !== null ? (value as Json) : null;
  } catch {
    return null;
  }
}

/**
 * `events.list`: full listing (time bounds, `singleEvents`, `orderBy`,
 * `showDeleted`) or incremental (`syncToken`), paged by `maxResults` (default
 * 250, at most 2500) with an opaque `nextPageToken`; the last page carries
 * `nextSyncToken`.
 */
export function listEvents(log: CalendarLog, q: URLSearchParams): { status: number; body: Json } {
  const syncToken = q.get("syncToken");
  if (syncToken !== null) {
    const clash = NOT_WITH_SYNC_TOKEN.find((name) => q.has(name));
    if (clash) return googleError(400, `${clash} cannot be used with syncToken.`, "invalid");
    if (q.get("showDeleted") === "false") return googleError(400, "showDeleted cannot be false with syncToken.", "invalid");
  }
  if (q.get("orderBy") === "startTime" && q.get("singleEvents") !== "true") {
    return googleError(400, "The requested ordering is not available for the particular query.", "invalid");
  }
  const maxResults = q.has("maxResults") ? Number(q.get("maxResults")) : 250;
  if (!Number.isInteger(maxResults) || maxResults < 1) return googleError(400, "Invalid value for maxResults", "invalid");
  const size = Math.min(maxResults, 2500);

  let since: number | null = null;
  if (syncToken !== null) {
    const token = decode(syncToken);
    if (!token || typeof token.seq !== "number") return googleError(400, "Invalid sync token value.", "invalid");
    if (token.seq < log.validFrom) return googleError(410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired");
    since = token.seq;
  }
  // A page token only continues the query it came from, at the change number the first page saw.
  const queryKey = [...q.entries()].filter(([name]) => name !== "pageToken").sort().map(([k, v]) => `${k}=${v}`).join("&");
  let offset = 0;
  let snapshot = log.seq;
  const pageToken = q.get("pageToken");
  if (pageToken !== null) {
    const page = decode(pageToken);
    if (!page || page.query !== queryKey || typeof page.offset !== "number" || typeof page.snapshot !== "number") {
      return googleError(400, "Invalid page token value.", "invalid");
    }
    offset = page.offset;
    snapshot = page.snapshot;
  }

  const zone = q.get("timeZone");
  let all: FakeEvent[];
  if (since !== null) {
    // Incremental: everything changed since the token, deleted events always included.
    all = log.events.filter((e) => (e.changeSeq ?? 0) > since && (e.changeSeq ?? 0) <= snapshot);
  } else {
    const min = q.get("timeMin") ? Temporal.Instant.from(q.get("timeMin")!) : Temporal.Instant.fromEpochMilliseconds(0);
    const max = q.get("timeMax") ? Temporal.Instant.from(q.get("timeMax")!) : Temporal.Instant.from("2100-01-01T00:00:00Z");
    const expand = q.get("singleEvents") === "true";
    const showDeleted = q.get("showDeleted") === "true";
    all = log.events
      .filter((e) => e.status === "confirmed" || showDeleted)
      .flatMap((e) => (expand ? instancesOf(e, zone ?? "UTC", max) : [e]))
      .filter((e) => Temporal.Instant.compare(instantOf(e.end, zone ?? "UTC"), min) > 0 && Temporal.Instant.compare(instantOf(e.start, zone ?? "UTC"), max) < 0);
    if (q.get("orderBy") === "startTime") all.sort((a, b) => Temporal.Instant.compare(instantOf(a.start, zone ?? "UTC"), instantOf(b.start, zone ?? "UTC")));
  }
  const page = all.slice(offset, offset + size);
  const more = offset + size < all.length;
  return {
    status: 200,
    body: {
      kind: "calendar#events",
      summary: "primary",
      timeZone: zone ?? "UTC",
      items: page.map((e) => shown(e, zone)),
      ...(more ? { nextPageToken: encode({ query: queryKey, offset: offset + size, snapshot }) } : { nextSyncToken: encode({ seq: snapshot }) }),
    },
  };
}
