import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createTestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization, seedProject, type SeededOrganization } from "../support/factories";
import { recordedEvents } from "./helpers";

let server: TestServer;
let db: Db;
let org: SeededOrganization;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = connect(database.url);
  server = await startApiServer(database.url);
  org = await seedOrganization(db, { rateLimitExempt: true });
});

afterAll(async () => {
  await server.close();
  await db.$disconnect();
});

function insertLead(link: { projectId?: string; unitId?: string }) {
  return db.lead.create({
    data: { id: newId("lead"), organizationId: org.id, email: `${newId("lead")}@example.test`, ...link },
  });
}

describe("deleting a project clears the links of its leads", () => {
  it("leads linked to the project or its units keep existing with projectId and unitId cleared", async () => {
    const project = await seedProject(db, org.id, { units: [{ name: "A" }, { name: "B" }] });
    const other = await seedProject(db, org.id, { units: [{ name: "C" }] });
    const [unitA, unitB] = project.units;
    const [unitC] = other.units;
    const toProject = await insertLead({ projectId: project.id });
    const toUnit = await insertLead({ projectId: project.id, unitId: unitA?.id });
    const toUnitOnly = await insertLead({ unitId: unitB?.id });
    const toOther = await insertLead({ projectId: other.id, unitId: unitC?.id });
    const eventsBefore = await recordedEvents(db, org.id);
    await new Promise((resolve) => setTimeout(resolve, 5));

    const response = await server.api(`/projects/${project.id}`, { token: org.key, method: "DELETE" });
    expect(response.status).toBe(200);

    for (const lead of [toProject, toUnit, toUnitOnly]) {
      const after = await db.lead.findUniqueOrThrow({ where: { id: lead.id } });
      expect([after.projectId, after.unitId]).toEqual([null, null]);
      // The link change is visible to integrators that sync by updatedAt.
      expect(after.updatedAt.getTime()).toBeGreaterThan(lead.updatedAt.getTime());
    }
    const untouched = await db.lead.findUniqueOrThrow({ where: { id: toOther.id } });
    expect([untouched.projectId, untouched.unitId]).toEqual([other.id, unitC?.id]);
    expect(untouched.updatedAt).toEqual(toOther.updatedAt);

    // project.deleted is the only event: no lead.updated for the cleared links.
    const events = (await recordedEvents(db, org.id)).slice(eventsBefore.length);
    expect(events.map((event) => event.type)).toEqual(["project.deleted"]);
  });
});
