import { z } from "zod";
import { jsonNumber } from "../../schemas/json-fields";
import { idSchema } from "../../../ids";
import { isValidWallClock } from "../../../calendar/wall-clock";

/** Spec bounds for calendar writes. */
export const CALENDAR_LIMITS = { durationMin: 5, durationMax: 600, title: 300, description: 5000 } as const;
const L = CALENDAR_LIMITS;

export const calendarEventSchema = z.object({
  id: z.string().describe("The provider's event id (any string); used in PATCH and DELETE paths"),
  title: z.string().describe("Falls back to `(sin título)` when the calendar has no summary"),
  description: z.string().optional().describe("Omitted when empty"),
  start: z.string().describe("ISO 8601 datetime with offset, or `YYYY-MM-DD` for all-day events"),
  end: z.string().describe("ISO 8601 datetime with offset, or `YYYY-MM-DD` for all-day events (exclusive)"),
  allDay: z.boolean().describe("true for date-only events"),
  location: z.string().optional().describe("Omitted when unset"),
  htmlLink: z.string().optional().describe("Link to the event in the calendar"),
  attendees: z.array(z.string()).optional().describe("Attendee e-mail addresses; omitted when none"),
});

/**
 * Google's event id alphabet (calendar v3, Events: "characters allowed … are
 * those used in base32hex encoding, i.e. lowercase letters a-v and digits 0-9
 * … length … between 5 and 1024"), plus the `_20261201T100000Z` (or
 * `_20261201` for all-day) suffix Google gives the instances of a recurring
 * event, which the list returns. Nothing else reaches Google's URL path, so an
 * id such as `..` can never normalise to another resource (second audit, L3).
 */
const EVENT_ID = /^[a-v0-9]{5,1024}(_[0-9]{8}(T[0-9]{6}Z)?)?$/;
export const calendarEventIdSchema = z
  .string()
  .max(1024 + 17)
  .regex(EVENT_ID, { message: "must be a calendar event id: 5..1024 characters a-v and 0-9 (an instance adds _YYYYMMDD or _YYYYMMDDTHHMMSSZ)" })
  .describe("The calendar's event id as the list returns it: 5..1024 characters `a-v` and `0-9`, an instance of a recurring event followed by `_YYYYMMDD` or `_YYYYMMDDTHHMMSSZ`");

export const calendarUserIdSchema = z
  .string()
  .optional()
  .describe(
    "The member (user id) whose calendar to use. Required for API keys (else 400 `BAD_REQUEST`), which act for the " +
      "organization on any member's whole calendar. OAuth tokens and dashboard sessions default to their own user; " +
      "naming a colleague is refused to members (403 `FORBIDDEN`) and lets owners and admins reach only the events " +
      "created through inmo on that calendar. Not a member: 404 `INVALID_MEMBER`.",
  );

const OFFSET_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

export const offsetDateTimeSchema = z
  .string()
  .refine((value) => OFFSET_DATETIME.test(value) && !Number.isNaN(Date.parse(value)), {
    message: "validation.offsetDateTime",
  });

export const startAtSchema = z
  .string()
  .refine(isValidWallClock, { message: "validation.wallClock" })
  .describe("Local wall-clock time `YYYY-MM-DDTHH:mm` (no offset) in the organization's time zone; the server adds the offset");

export const durationSchema = jsonNumber(
  z
    .number()
    .int()
    .min(L.durationMin)
    .max(L.durationMax)
    .describe(`Minutes, integer ${L.durationMin}..${L.durationMax}; end = start + duration`),
);

export const titleSchema = z.string().trim().min(1).max(L.title);
export const descriptionSchema = z
  .string()
  .max(L.description)
  .describe(`At most ${L.description} characters; the linked meeting activity's note`);

export const leadIdSchema = idSchema("lead");
