import { beforeAll, describe, expect, it } from "vitest";
import { seedOrganization, seedProject, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { observeEvents } from "../support/observe-events";
import { body, expectError, recordedEvents } from "./helpers";

/**
 * Every catalog endpoint, called with one organization's key on the other
 * organization's ids: always 404 NOT_FOUND, never listed, never changed.
 */
const t = useApiTest({ organization: false });
let mine: SeededOrganization;
let theirs: SeededOrganization;
let myProject: Awaited<ReturnType<typeof seedProject>>;
let theirProject: Awaited<ReturnType<typeof seedProject>>;

beforeAll(async () => {
  mine = await seedOrganization(t.db, { rateLimitExempt: true });
  theirs = await seedOrganization(t.db, { rateLimitExempt: true });
  // So that a write that slipped through would leave an event to find.
  await observeEvents(t.db, mine.id);
  await observeEvents(t.db, theirs.id);
  myProject = await seedProject(t.db, mine.id, { name: "Shared Name Tower", city: "Quito", units: [{ name: "M1", price: 10 }] });
  theirProject = await seedProject(t.db, theirs.id, {
    name: "Shared Name Tower",
    city: "Quito",
    units: [{ name: "T1", price: 20 }],
  });
});

describe("another organization's projects and units", () => {
  const theirUnitId = () => theirProject.units[0]?.id ?? "";
  const myUnitId = () => myProject.units[0]?.id ?? "";

  it.each([
    ["GET /projects/{theirs}", "GET", () => `/projects/${theirProject.id}`, undefined],
    ["PUT /projects/{theirs}", "PUT", () => `/projects/${theirProject.id}`, { name: "Taken over" }],
    ["DELETE /projects/{theirs}", "DELETE", () => `/projects/${theirProject.id}`, undefined],
    ["GET /projects/{theirs}/units", "GET", () => `/projects/${theirProject.id}/units`, undefined],
    ["POST /projects/{theirs}/units", "POST", () => `/projects/${theirProject.id}/units`, { name: "X", price: 1 }],
    ["PATCH /projects/{theirs}/units/{theirs}", "PATCH", () => `/projects/${theirProject.id}/units/${theirUnitId()}`, { status: "sold" }],
    ["PATCH /projects/{mine}/units/{theirs}", "PATCH", () => `/projects/${myProject.id}/units/${theirUnitId()}`, { status: "sold" }],
    ["PATCH /projects/{theirs}/units/{mine}", "PATCH", () => `/projects/${theirProject.id}/units/${myUnitId()}`, { status: "sold" }],
  ])("%s answers 404 NOT_FOUND", async (_label, method, path, json) => {
    await expectError(await t.server.api(path(), { token: mine.key, method, json }), 404, "NOT_FOUND");
  });

  it("left their records untouched and recorded no events", async () => {
    const project = await t.db.project.findUniqueOrThrow({ where: { id: theirProject.id }, include: { units: true } });
    expect(project.name).toBe("Shared Name Tower");
    expect(project.units.map((u) => [u.name, u.status])).toEqual([["T1", "available"]]);
    expect((await t.db.unit.findUniqueOrThrow({ where: { id: myUnitId() } })).status).toBe("available");
    expect(await recordedEvents(t.db, mine.id)).toEqual([]);
    expect(await recordedEvents(t.db, theirs.id)).toEqual([]);
  });

  it("are never listed, whatever the filters", async () => {
    for (const query of ["", "?query=shared", "?city=quito", "?status=draft", "?limit=100"]) {
      const page = await body(await t.server.api(`/projects${query}`, { token: mine.key }));
      expect(page.data.map((p: { id: string }) => p.id)).toEqual([myProject.id]);
      expect(page.pagination.total).toBe(1);
    }
    const read = await body(await t.server.api(`/projects/${myProject.id}`, { token: mine.key }));
    expect(read.units.map((u: { id: string }) => u.id)).toEqual([myUnitId()]);
  });

  it("a new project does not count against the other organization's plan limit", async () => {
    const small = await seedOrganization(t.db, { rateLimitExempt: true, maxProjects: 1 });
    await seedProject(t.db, theirs.id);
    expect((await t.server.api("/projects", { token: small.key, method: "POST", json: { name: "Only one" } })).status).toBe(201);
  });
});
