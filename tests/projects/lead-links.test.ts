import { describe, expect, it } from "vitest";
import { newId } from "../../server/ids";
import { seedProject } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { recordedEvents } from "./helpers";

const t = useApiTest({ observeEvents: true });

function insertLead(link: { projectId?: string; unitId?: string }) {
  return t.db.lead.create({
    data: { id: newId("lead"), organizationId: t.org.id, email: `${newId("lead")}@example.test`, ...link },
  });
}

describe("deleting a project clears the links of its leads", () => {
  it("leads linked to the project or its units keep existing with projectId and unitId cleared", async () => {
    const project = await seedProject(t.db, t.org.id, { units: [{ name: "A" }, { name: "B" }] });
    const other = await seedProject(t.db, t.org.id, { units: [{ name: "C" }] });
    const [unitA, unitB] = project.units;
    const [unitC] = other.units;
    const toProject = await insertLead({ projectId: project.id });
    const toUnit = await insertLead({ projectId: project.id, unitId: unitA?.id });
    const toUnitOnly = await insertLead({ unitId: unitB?.id });
    const toOther = await insertLead({ projectId: other.id, unitId: unitC?.id });
    const eventsBefore = await recordedEvents(t.db, t.org.id);
    await new Promise((resolve) => setTimeout(resolve, 5));

    const response = await t.server.api(`/projects/${project.id}`, { token: t.org.key, method: "DELETE" });
    expect(response.status).toBe(200);

    for (const lead of [toProject, toUnit, toUnitOnly]) {
      const after = await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } });
      expect([after.projectId, after.unitId]).toEqual([null, null]);
      // The link change is visible to integrators that sync by updatedAt.
      expect(after.updatedAt.getTime()).toBeGreaterThan(lead.updatedAt.getTime());
    }
    const untouched = await t.db.lead.findUniqueOrThrow({ where: { id: toOther.id } });
    expect([untouched.projectId, untouched.unitId]).toEqual([other.id, unitC?.id]);
    expect(untouched.updatedAt).toEqual(toOther.updatedAt);

    // project.deleted is the only event: no lead.updated for the cleared links.
    const events = (await recordedEvents(t.db, t.org.id)).slice(eventsBefore.length);
    expect(events.map((event) => event.type)).toEqual(["project.deleted"]);
  });
});
