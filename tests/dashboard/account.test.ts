import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/auth/passwords";
import { useApiTest } from "../support/api-test";
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
