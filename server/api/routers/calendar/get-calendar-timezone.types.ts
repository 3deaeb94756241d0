import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";

export const getCalendarTimezoneMeta: ProcedureMeta = {
  scope: "calendar:read",
  openapi: {
    method: "GET",
    path: "/calendar/timezone",
    tags: ["Calendar"],
    summary: "The organization's time zone",
    description:
      "Organization-level (no `userId`): the IANA zone in which `startAt` of calendar writes is read; `America/Panama` " +
      "when the organization has none configured.",
  },
};

export const getCalendarTimezoneInput = z.object({});
export const getCalendarTimezoneOutput = z.object({ timezone: z.string().describe("IANA time-zone name") });
