import { afterEach, describe, expect, it, vi } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { flushApiUsageCounts } from "../../server/usage/request-counter";
import { flushBufferedUsage } from "../../server/rate-limit/usage-buffer";

const t = useApiTest({ organization: false });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A fixed clock for the app in this process (only Date: timers keep running, so the server still answers). */
function at(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

afterEach(() => vi.useRealTimers());

async function requests(token: string, count: number) {
  for (let i = 0; i < count; i++) expect((await t.server.api("/me", { token })).status).toBe(200);
}

describe("GET /usage days are days of the organization's time zone", () => {
  it("puts requests either side of local midnight on their local days, while the monthly quota stays the UTC month", async () => {
    // Bogotá is UTC−5 all year: 04:30 UTC on 1 March is 23:30 on 28 February there.
    const org = await seedOrganization(t.db, { timezone: "America/Bogota", rateLimitPerMonth: 1000 });
    at("2026-03-01T04:30:00Z");
    await requests(org.key, 2);
    at("2026-03-01T05:10:00Z");
    await requests(org.key, 3);
    await flushApiUsageCounts();
    await flushBufferedUsage();

    at("2026-03-01T05:20:00Z");
    const response = await t.server.api("/usage", { token: org.key });
    expect(response.status).toBe(200);
    const body: Json = await response.json();
    expect(body.timeZone).toBe("America/Bogota");
    expect(body.daily.map((d: Json) => [d.date, d.requests])).toEqual([
      ["2026-02-28", 2],
      ["2026-03-01", 3],
    ]);
    // The quota is unchanged: all five requests are in March UTC, this call too.
    expect(body.period).toBe("2026-03");
    expect(body.current.month).toMatchObject({ used: 6, limit: 1000, resetsAt: "2026-04-01T00:00:00.000Z" });
    expect(body.monthlyUnits.request).toBe(5);
  });

  it("reads the same hours into other days when the organization's zone is east of UTC, and keeps 30 local days", async () => {
    // Madrid is UTC+1 in winter: 23:30 UTC on 10 January is 00:30 on 11 January there.
    const org = await seedOrganization(t.db, { timezone: "Europe/Madrid", rateLimitExempt: true });
    at("2026-01-10T22:30:00Z");
    await requests(org.key, 1);
    at("2026-01-10T23:30:00Z");
    await requests(org.key, 4);
    // 31 local days before the reading: outside the 30 days shown.
    at("2026-02-09T22:30:00Z");
    await requests(org.key, 7);
    await flushApiUsageCounts();

    at("2026-03-11T12:00:00Z");
    let body: Json = await (await t.server.api("/usage", { token: org.key })).json();
    expect(body.daily.map((d: Json) => [d.date, d.requests])).toEqual([]);

    at("2026-02-09T23:10:00Z");
    body = await (await t.server.api("/usage", { token: org.key })).json();
    // Local today is 10 February; 30 local days back starts on 12 January, so 10 and 11 January are out.
    expect(body.daily.map((d: Json) => [d.date, d.requests])).toEqual([["2026-02-09", 7]]);

    at("2026-02-08T23:10:00Z");
    body = await (await t.server.api("/usage", { token: org.key })).json();
    // Local today is 9 February: 30 days back starts on 11 January, which holds the four requests after local midnight.
    expect(body.daily.map((d: Json) => [d.date, d.requests])).toEqual([
      ["2026-01-11", 4],
      ["2026-02-09", 7],
    ]);
  });
});
