import { beforeAll, describe, expect, it, vi } from "vitest";
import { useCalendarTest } from "../calendar/support/calendar-test";
import { leadBoundOperations, seedVisibilityScene, walkOperation, type VisibilityScene } from "./support/visibility-walk";

/**
 * The visibility walk fails when one filter is removed. Here the read behind
 * `GET /leads/{leadId}` and `leads.get` forgets the caller's visibility (it
 * keeps the organization, as a careless edit would: the tenancy walk still
 * passes), everything else stays as it is, and the same walk runs: it must
 * report exactly those two operations, and still pass the others.
 */
vi.mock("../../server/leads/get-lead", async () => {
  const { findLeadOrThrow } = await import("../../server/leads/find-lead");
  const { toLeadRepresentation } = await import("../../server/leads/lead-representation");
  const { ORGANIZATION_WIDE } = await import("../../server/leads/lead-visibility");
  type Ctx = import("../../server/domain-context").DomainContext;
  return {
    getLead: async (ctx: Ctx, leadId: string) =>
      toLeadRepresentation(await findLeadOrThrow(ctx.db, { ...ctx.principal, leadVisibility: ORGANIZATION_WIDE }, leadId), ctx.principal.organization.locale),
  };
});

const { t, connect } = useCalendarTest();
let scene: VisibilityScene;

beforeAll(async () => {
  scene = await seedVisibilityScene(t.db, t.server, t.org, (userId) => connect(userId, "agent.walker@example.test"));
}, 60_000);

describe("the walk against a build whose lead read lost its visibility filter", () => {
  const operations = leadBoundOperations();
  const broken = (label: string) => operations.find((operation) => operation.label === label)!;

  it.each(["GET /leads/{leadId} (OAuth token)", "leads.get (session)"])("%s: the walk reports the hidden lead", async (label) => {
    const failures = await walkOperation(scene, broken(label));
    expect(failures.join("\n")).toMatch(/leadId = the colleague's: 200 .*but a missing id gets 404 NOT_FOUND/);
    expect(failures.join("\n")).toMatch(/the answer carries Hiddenfirst, Hiddenlast, hidden\.lead@example\.test/);
  });

  it.each(["GET /leads/{leadId}/activities (OAuth token)", "leads.update (session)"])("%s: still filtered, still passes", async (label) => {
    expect(await walkOperation(scene, broken(label))).toEqual([]);
  });
});
