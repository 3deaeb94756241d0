import { describe, expect, it } from "vitest";
import { stageDisplayName } from "../../server/pipeline/stage-name";
import { endOfDayInZone, formatDateTime } from "../../lib/format/dates";
import { fieldErrorsOf } from "../../lib/trpc/errors";

describe("stage names", () => {
  it("follow the reader's language for default stages (stored without a name) and keep a team's own names", () => {
    expect(stageDisplayName({ name: null, systemKey: "won" }, "es")).toBe("Ganado");
    expect(stageDisplayName({ name: null, systemKey: "won" }, "en")).toBe("Won");
    expect(stageDisplayName({ name: null, systemKey: "unqualified" }, "es")).toBe("No calificado");
    expect(stageDisplayName({ name: "Closed – signed", systemKey: "won" }, "es")).toBe("Closed – signed");
  });
});

describe("dates in the organization's time zone", () => {
  it("formats in the zone, and the end of a chosen day is that zone's midnight", () => {
    const instant = "2026-03-04T02:30:00.000Z";
    expect(formatDateTime(instant, { locale: "en", timeZone: "America/Mexico_City" })).toMatch(/Mar 3, 2026.*8:30/);
    expect(formatDateTime(instant, { locale: "en", timeZone: null })).toMatch(/Mar 4, 2026.*2:30/);
    expect(endOfDayInZone("2026-07-01", "America/Mexico_City").toISOString()).toBe("2026-07-02T05:59:59.000Z");
    expect(endOfDayInZone("2026-07-01", "Europe/Madrid").toISOString()).toBe("2026-07-01T21:59:59.000Z");
    expect(endOfDayInZone("2026-07-01", null).toISOString()).toBe("2026-07-01T23:59:59.000Z");
  });
});

describe("field errors from the dashboard door", () => {
  it("reads schema errors and the contract's `path: reason; …` messages alike", () => {
    expect(fieldErrorsOf({ data: { fieldErrors: { email: "must be a valid email address" } } })).toEqual({ email: "must be a valid email address" });
    const domain = {
      data: {
        api: {
          status: 400,
          code: "VALIDATION_ERROR",
          message: "email: required when phone is missing; phone: required when email is missing (a lead needs an email or a phone)",
        },
      },
    };
    expect(Object.keys(fieldErrorsOf(domain))).toEqual(["email", "phone"]);
    expect(fieldErrorsOf({ data: { api: { status: 403, code: "FORBIDDEN", message: "x: y" } } })).toEqual({});
  });
});
