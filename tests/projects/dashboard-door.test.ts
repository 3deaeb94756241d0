import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../server/api/root";
import { createCallerFactory } from "../../server/api/trpc";
import { resolvePrincipalFromSession } from "../../server/auth/resolve-session";
import type { Db } from "../../server/db/client";
import { createTestDatabase } from "../support/database";
import { connect, seedOrganization, type SeededOrganization } from "../support/factories";
import { recordedEvents } from "./helpers";

/** The dashboard calls the very same procedures through /api/trpc with a session principal. */
let db: Db;
let org: SeededOrganization;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = connect(database.url);
  org = await seedOrganization(db);
});

afterAll(async () => {
  await db.$disconnect();
});

async function dashboardCaller() {
  const principal = await resolvePrincipalFromSession(db, { userId: org.ownerId, organizationId: org.id });
  if (!principal) throw new Error("owner has no membership");
  return createCallerFactory(appRouter)({
    db,
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

    const events = await recordedEvents(db, org.id);
    expect(events.map((event) => event.type).sort()).toEqual([
      "project.created",
      "unit.created",
      "unit.status_changed",
      "unit.updated",
    ]);
    for (const event of events) expect(event.origin).toBe("ui");
  });
});
