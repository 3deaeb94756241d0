import { beforeAll, describe, expect, it } from "vitest";
import { useCalendarTest } from "../calendar/support/calendar-test";
import { leadBoundOperations, seedVisibilityScene, walkOperation, type VisibilityScene } from "./support/visibility-walk";

/**
 * Lead visibility is tested from the route table, like tenancy and roles:
 * every operation of both doors that takes a lead id (or the id of a record
 * that names a lead: a WhatsApp message, a call task) is called by a member
 * of an organization whose members see only their own leads — through the
 * dashboard door with their session and through the REST door with their
 * OAuth token — with a colleague's lead, and must answer exactly what a
 * never-existing id gets (404 NOT_FOUND on the REST door), with nothing of
 * the lead in the answer and nothing written. A route added later that takes
 * a `leadId` is walked without a new test.
 *
 * That the walk catches a missing filter is shown by
 * visibility-walk-catches.test.ts, which removes the filter from one read and
 * runs the same walk.
 */
const { t, connect } = useCalendarTest();
let scene: VisibilityScene;

beforeAll(async () => {
  scene = await seedVisibilityScene(t.db, t.server, t.org, (userId) => connect(userId, "agent.walker@example.test"));
}, 60_000);

const operations = leadBoundOperations();

describe("lead visibility, walked from the route table", () => {
  it("finds the operations that take a lead id, on both doors", () => {
    const labels = operations.map((operation) => operation.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        "GET /leads/{leadId} (OAuth token)",
        "PUT /leads/{leadId} (OAuth token)",
        "DELETE /leads/{leadId} (OAuth token)",
        "GET /leads/{leadId}/activities (OAuth token)",
        "POST /leads/{leadId}/notes (OAuth token)",
        "POST /leads/{leadId}/communications (OAuth token)",
        "POST /calendar/events (OAuth token)",
        "POST /whatsapp/send (OAuth token)",
        "GET /whatsapp/messages/{messageId} (OAuth token)",
        "leads.get (session)",
        "messaging.conversation (session)",
        "calendar.leadMeetings (session)",
        "roundRobin.leadRouting (session)",
        "sequences.leadCalling (session)",
        "sequences.setDoNotCall (session)",
        "sequences.logCallOutcome (session)",
      ]),
    );
  });

  it.each(operations.map((operation) => [operation.label, operation] as const))("%s: a colleague's lead is a missing lead", async (_label, operation) => {
    expect(await walkOperation(scene, operation)).toEqual([]);
  });
});
