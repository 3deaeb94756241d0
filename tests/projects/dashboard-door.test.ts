import { describe, expect, it } from "vitest";
import { appRouter } from "../../server/api/root";
import { createCallerFactory } from "../../server/api/trpc";
import { resolvePrincipalFromSession } from "../../server/auth/resolve-session";
import { useApiTest } from "../support/api-test";
import { recordedEvents } from "./helpers";

/** The dashboard calls the very same procedures through /api/trpc with a session principal. */

const t = useApiTest({ organization: { rateLimitExempt: false }, server: false, observeEvents: true });

async function dashboardCaller() {
  const principal = await resolvePrincipalFromSession(t.db, { userId: t.org.ownerId, organizationId: t.org.id });
  if (!principal) throw new Error("owner has no membership");
  return createCallerFactory(appRouter)({
    db: t.db,
    door: "trpc",
    auth: { status: "authenticated", principal },
    response: { headers: new Headers() },
  });
}

describe("projects through the dashboard door", () => {
  it("creates, reads and updates with the same rules, and stamps events with origin ui", async () => {
    const caller = await dashboardCaller();
    const created = await caller.projects.create({ name: "Dashboard Tower", units: [{ name: "1", price: 10 }] });
    expect(created.unitCount).toBe(1);
    const project = await caller.projects.get({ projectId: created.id });
    const unitId = project.units[0]?.id ?? "";
    const unit = await caller.projects.updateUnit({ projectId: created.id, unitId, status: "reserved" });
    expect(unit.status).toBe("reserved");
    await expect(caller.projects.updateUnit({ projectId: created.id, unitId })).rejects.toThrow();
    // A plain-number field stays strict on this door as well.
    await expect(caller.projects.createUnit({ projectId: created.id, name: "2", price: "5" as unknown as number })).rejects.toThrow();

    const events = await recordedEvents(t.db, t.org.id);
    expect(events.map((event) => event.type).sort()).toEqual([
      "project.created",
      "unit.created",
      "unit.status_changed",
      "unit.updated",
    ]);
    for (const event of events) expect(event.origin).toBe("ui");
  });
});
