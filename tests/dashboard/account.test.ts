import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/auth/passwords";
import { useApiTest } from "../support/api-test";
import { loseUniqueRace } from "../support/lose-unique-race";
import { anonymousCaller, rejection, sessionCaller } from "./callers";

const t = useApiTest({ organization: false, server: false });
const signUpInput = {
  name: "Ana Owner",
  email: "Ana@Example.com",
  password: "a long password",
  organizationName: "Inmobiliaria Peña",
  locale: "es" as const,
  timezone: "america/bogota",
};

describe("sign-up", () => {
  it("creates the organization with its pipeline and its owner in one go", async () => {
    const { userId, organizationId } = await anonymousCaller(t.db).account.signUp(signUpInput);
    const user = await t.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.email).toBe("ana@example.com");
    expect(await verifyPassword(user.passwordHash ?? "", "a long password")).toBe(true);
    const organization = await t.db.organization.findUniqueOrThrow({ where: { id: organizationId } });
    expect(organization).toMatchObject({ name: "Inmobiliaria Peña", slug: "inmobiliaria-pena", locale: "es", timezone: "America/Bogota" });
    const membership = await t.db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId } } });
    expect(membership.role).toBe("owner");
    expect(await t.db.pipelineStage.count({ where: { organizationId } })).toBeGreaterThan(0);
  });

  it("reports a taken email on the email field and writes nothing", async () => {
    const before = await t.db.organization.count();
    const failure = await rejection(anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "ana@example.com" }));
    expect(failure.status).toBe(400);
    expect(failure.fields.email).toMatch(/already exists/);
    expect(await t.db.organization.count()).toBe(before);
  });

  it("a sign-up that loses the race for its email gets the taken-email answer and writes nothing", async () => {
    const taken = await rejection(anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "ana@example.com" }));
    const before = await t.db.organization.count();
    const rival = { sql: `INSERT INTO "User" (id, email, name, "updatedAt") VALUES (gen_random_uuid(), $1, 'Rival', now())`, params: ["race@example.com"] };
    const lost = await loseUniqueRace(t.databaseUrl, rival, () => rejection(anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "race@example.com" })));
    expect(lost).toEqual({ ...taken, message: lost.message });
    expect(lost.fields.email).toBe(taken.fields.email);
    expect(await t.db.organization.count()).toBe(before);
  });

  it("validates every field with its reason", async () => {
    const failure = await rejection(anonymousCaller(t.db).account.signUp({ name: "", email: "nope", password: "short", organizationName: "" }));
    expect(Object.keys(failure.fields).sort()).toEqual(["email", "name", "organizationName", "password"]);
  });

  it("drops an unknown browser time zone instead of refusing the sign-up", async () => {
    const { organizationId } = await anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "tz@example.com", timezone: "Mars/Olympus" });
    expect((await t.db.organization.findUniqueOrThrow({ where: { id: organizationId } })).timezone).toBeNull();
  });
});

describe("my organizations", () => {
  it("a new organization that loses the race for its slug is 409 CONFLICT naming the slug, with nothing written", async () => {
    const { userId, organizationId } = await anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "slugs@example.com" });
    const caller = await sessionCaller(t.db, userId, organizationId);
    const before = await t.db.organization.count();
    const rival = { sql: `INSERT INTO "Organization" (id, name, slug, "updatedAt") VALUES (gen_random_uuid(), 'Rival', $1, now())`, params: ["costa-azul"] };
    const lost = await loseUniqueRace(t.databaseUrl, rival, () => rejection(caller.account.createOrganization({ name: "Costa Azul" })));
    expect(lost).toMatchObject({ status: 409, code: "CONFLICT", message: 'An organization with the slug "costa-azul" already exists.' });
    expect(await t.db.organization.count()).toBe(before + 1); // the rival's, not ours
  });


  it("lists the person's organizations and starts a new one they own", async () => {
    const { userId, organizationId } = await anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "multi@example.com" });
    const caller = await sessionCaller(t.db, userId, organizationId);
    const created = await caller.account.createOrganization({ name: "Second Office" });
    expect(created.role).toBe("owner");
    const list = await caller.account.organizations();
    expect(list.activeOrganizationId).toBe(organizationId);
    expect(list.data.map((organization) => organization.name)).toEqual(["Inmobiliaria Peña", "Second Office"]);
    // The new organization inherits the language and time zone of the current one.
    expect(await t.db.organization.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ locale: "es", timezone: "America/Bogota" });
  });
});
