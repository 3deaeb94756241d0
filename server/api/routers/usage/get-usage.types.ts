import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";

export const getUsageMeta = {
  scope: "usage:read",
  openapi: {
    method: "GET",
    path: "/usage",
    tags: ["Connection"],
    summary: "Usage against the rate limits (extension)",
    description:
      "Extension, not in the contract: what the Usage page in Settings shows, for integrators. Needs the read-only " +
      "`usage:read` scope (new keys created in the dashboard start with it; `--scopes all` includes it); the call itself " +
      "is metered like any other. An OAuth token of a member (not an owner or admin) sees only the requests of the " +
      "member's own connections in `daily` and `monthlyUnits` (`visibility: own`). `current` reads the same counters the " +
      "limiter enforces: the organization's per-second and per-minute windows (`used` is null when the window " +
      "has no ceiling, as for exempt organizations) and the monthly quota of the UTC calendar month. `daily` " +
      "lists API requests per day of the organization's time zone (`timeZone`) and credential (API key or connected " +
      "app) over the last 30 days of that zone (counts are kept per UTC hour and summed into the zone's days, so a " +
      "request at 23:30 local time is on that local day whatever UTC says), and " +
      "`monthlyUnits` the month's units by what spent them (`request`, `message`, `sequence_launch`); both are " +
      "written about a second after the requests, so the newest second may be missing. Limits of null mean unlimited.",
  },
} as const satisfies ProcedureMeta;

export const getUsageInput = z.void();

const windowSchema = z.object({
  used: z.number().int().nullable().describe("Units used in the current window; null when the window has no ceiling"),
  limit: z.number().int().nullable().describe("The window's ceiling; null = unlimited"),
});

export const getUsageOutput = z.object({
  visibility: z
    .enum(["organization", "own"])
    .describe("`organization`: every credential of the organization; `own`: only the caller's own connected apps (a member)"),
  timeZone: z.string().describe("The organization's IANA time zone: the zone `daily` dates are days of"),
  period: z.string().describe("The monthly quota's period, `YYYY-MM` (UTC)"),
  limits: z.object({ second: z.number().int().nullable(), minute: z.number().int().nullable(), month: z.number().int().nullable() }),
  current: z.object({
    second: windowSchema,
    minute: windowSchema,
    month: z.object({
      used: z.number().int(),
      limit: z.number().int().nullable(),
      remaining: z.number().int().nullable().describe("What is left this month; null = unlimited"),
      resetsAt: z.string().describe("Start of the next UTC month, when the quota resets"),
    }),
  }),
  monthlyUnits: z.object({
    request: z.number().int().describe("Units spent by ordinary API requests this month"),
    message: z.number().int().describe("Units spent by messages sent (`POST /whatsapp/send`)"),
    sequence_launch: z.number().int().describe("Units spent by sequence launches"),
  }),
  daily: z.array(
    z.object({
      date: z.string().describe("Day in the organization's time zone, `YYYY-MM-DD`"),
      credentialKind: z.enum(["api_key", "oauth", "system"]),
      credentialId: z.string().nullable().describe("Internal id of the API key or connected app"),
      credentialName: z.string().nullable().describe("The key's or app's name; null when it no longer exists"),
      requests: z.number().int(),
    }),
  ),
});
