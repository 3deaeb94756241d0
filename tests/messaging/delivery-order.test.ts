import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyStatusReport, type DeliveryState, type StatusReport } from "../../server/messaging/messages/delivery-status";

/**
 * Status callbacks arrive in any order and any number of times; the state a
 * message ends in must depend only on which reports arrived. A property over
 * every order and every duplication of a set of reports.
 */
const ACCEPTED: DeliveryState = {
  status: "accepted",
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  failedAt: null,
  failureCode: null,
  failureReason: null,
};

const report: fc.Arbitrary<StatusReport> = fc.record({
  status: fc.constantFrom("sent", "delivered", "read", "failed") as fc.Arbitrary<StatusReport["status"]>,
  // Few distinct times, so reports often tie (the hard case for "first" decisions).
  at: fc.integer({ min: 0, max: 2 }).map((s) => new Date(Date.UTC(2026, 10, 23, 12, 0, s))),
  failureCode: fc.constantFrom(131047, 131026, null),
  failureReason: fc.constantFrom("(#131047) Re-engagement message", "(#131026) Message undeliverable", null),
});

const apply = (reports: StatusReport[]) => reports.reduce(applyStatusReport, ACCEPTED);

describe("the delivery state of a message", () => {
  it("does not depend on the order or repetition of status callbacks", () => {
    fc.assert(
      fc.property(fc.array(report, { minLength: 1, maxLength: 8 }), fc.nat(), (reports, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(reports, { minLength: reports.length, maxLength: reports.length }), { seed, numRuns: 1 })[0]!;
        const duplicated = [...shuffled, ...reports.slice(0, seed % (reports.length + 1))];
        expect(apply(duplicated)).toEqual(apply(reports));
        expect(apply([...reports].reverse())).toEqual(apply(reports));
      }),
      { seed: 14, numRuns: 1000 },
    );
  });

  it("never moves back: a late `sent` after `read` keeps `read`; a failure after delivery keeps `delivered`", () => {
    const t = (s: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, s));
    expect(apply([{ status: "read", at: t(10) }, { status: "sent", at: t(1) }])).toMatchObject({ status: "read", sentAt: t(1), readAt: t(10), deliveredAt: t(10) });
    expect(apply([{ status: "delivered", at: t(5) }, { status: "failed", at: t(6), failureCode: 131026, failureReason: "x" }])).toMatchObject({
      status: "delivered",
      failedAt: t(6),
    });
    expect(apply([{ status: "sent", at: t(1) }, { status: "failed", at: t(2), failureCode: 131047, failureReason: "window" }])).toMatchObject({
      status: "failed",
      failureCode: 131047,
      failureReason: "window",
    });
  });
});
