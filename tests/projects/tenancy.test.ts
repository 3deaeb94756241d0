import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { createTestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization, seedProject, type SeededOrganization } from "../support/factories";
import { body, expectError, recordedEvents } from "./helpers";

/**
 * Every catalog endpoint, called with one organization's key on the other
 * organization's ids: always 404 NOT_FOUND, never listed, never changed.
 */
let server: TestServer;
let db: Db;
let mine: SeededOrganization;
let theirs: SeededOrganization;
let myProject: Awaited<ReturnType<typeof seedProject>>;
let theirProject: Awaited<ReturnType<typeof seedProject>>;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = connect(database.url);
  server = await startApiServer(database.url);
  mine = await seedOrganization(db, { rateLimitExempt: true });
  theirs = await seedOrganization(db, { rateLimitExempt: true });
  myProject = await seedProject(db, mine.id, { name: "Shared Name Tower", city: "Quito", units: [{ name: "M1", price: 10 }] });
  theirProject = await seedProject(db, theirs.id, {
    name: "Shared Name Tower",
    city: "Quito",
    units: [{ name: "T1", price: 20 }],
  });
});

afterAll(async () => {
  await server.close();
  await db.$disconnect();
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
    await expectError(await server.api(path(), { token: mine.key, method, json }), 404, "NOT_FOUND");
  });

  it("left their records untouched and recorded no events", async () => {
    const project = await db.project.findUniqueOrThrow({ where: { id: theirProject.id }, include: { units: true } });
    expect(project.name).toBe("Shared Name Tower");
    expect(project.units.map((u) => [u.name, u.status])).toEqual([["T1", "available"]]);
    expect((await db.unit.findUniqueOrThrow({ where: { id: myUnitId() } })).status).toBe("available");
    expect(await recordedEvents(db, mine.id)).toEqual([]);
    expect(await recordedEvents(db, theirs.id)).toEqual([]);
  });

  it("are never listed, whatever the filters", async () => {
    for (const query of ["", "?query=shared", "?city=quito", "?status=draft", "?limit=100"]) {
      const page = await body(await server.api(`/projects${query}`, { token: mine.key }));
      expect(page.data.map((p: { id: string }) => p.id)).toEqual([myProject.id]);
      expect(page.pagination.total).toBe(1);
    }
    const read = await body(await server.api(`/projects/${myProject.id}`, { token: mine.key }));
    expect(read.units.map((u: { id: string }) => u.id)).toEqual([myUnitId()]);
  });

  it("a new project does not count against the other organization's plan limit", async () => {
    const small = await seedOrganization(db, { rateLimitExempt: true, maxProjects: 1 });
    await seedProject(db, theirs.id);
    expect((await server.api("/projects", { token: small.key, method: "POST", json: { name: "Only one" } })).status).toBe(201);
  });
});
