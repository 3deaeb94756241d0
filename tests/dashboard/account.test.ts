import { describe, expect, it, onTestFinished } from "vitest";
import { configureForTests } from "../../server/config/config";
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

/** Signs up through the dashboard door and finds what it made (the answer carries no ids). */
async function signedUp(input: typeof signUpInput) {
  const answer = await anonymousCaller(t.db).account.signUp(input);
  const user = await t.db.user.findUniqueOrThrow({ where: { email: input.email.trim().toLowerCase() } });
  const membership = await t.db.membership.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  return { answer, userId: user.id, organizationId: membership.organizationId };
}

describe("sign-up", () => {
  it("creates the organization with its pipeline and its owner in one go", async () => {
    const { userId, organizationId } = await signedUp(signUpInput);
    const user = await t.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.email).toBe("ana@example.com");
    expect(await verifyPassword(user.passwordHash ?? "", "a long password")).toBe(true);
    const organization = await t.db.organization.findUniqueOrThrow({ where: { id: organizationId } });
    expect(organization).toMatchObject({ name: "Inmobiliaria Peña", slug: "inmobiliaria-pena", locale: "es", timezone: "America/Bogota" });
    const membership = await t.db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId } } });
    expect(membership.role).toBe("owner");
    expect(await t.db.pipelineStage.count({ where: { organizationId } })).toBeGreaterThan(0);
  });

  it("answers a taken email exactly as a new one (L4), and writes nothing", async () => {
    // With outgoing email (here only queued), as in production: no link is shown on screen to anyone.
    configureForTests({ SMTP_URL: "smtp://127.0.0.1:9" });
    onTestFinished(() => configureForTests({ SMTP_URL: undefined }));
    const fresh = await anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "someone-new@example.com" });
    const before = { organizations: await t.db.organization.count(), users: await t.db.user.count() };
    const taken = await anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "ana@example.com", password: "another long password" });
    expect(taken).toEqual(fresh);
    expect({ organizations: await t.db.organization.count(), users: await t.db.user.count() }).toEqual(before);
    const ana = await t.db.user.findUniqueOrThrow({ where: { email: "ana@example.com" } });
    expect(await verifyPassword(ana.passwordHash ?? "", "a long password")).toBe(true);
  });

  it("a sign-up that loses the race for its email gets the taken-email answer and writes nothing", async () => {
    const taken = await anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "ana@example.com" });
    const before = await t.db.organization.count();
    const rival = { sql: `INSERT INTO "User" (id, email, name, "updatedAt") VALUES (gen_random_uuid(), $1, 'Rival', now())`, params: ["race@example.com"] };
    const lost = await loseUniqueRace(t.databaseUrl, rival, () => anonymousCaller(t.db).account.signUp({ ...signUpInput, email: "race@example.com" }));
    expect(lost).toEqual(taken);
    expect(await t.db.organization.count()).toBe(before);
  });

  it("validates every field with its reason", async () => {
    const failure = await rejection(anonymousCaller(t.db).account.signUp({ name: "", email: "nope", password: "short", organizationName: "" }));
    expect(Object.keys(failure.fields).sort()).toEqual(["email", "name", "organizationName", "password"]);
  });

  it("drops an unknown browser time zone instead of refusing the sign-up", async () => {
    const { organizationId } = await signedUp({ ...signUpInput, email: "tz@example.com", timezone: "Mars/Olympus" });
    expect((await t.db.organization.findUniqueOrThrow({ where: { id: organizationId } })).timezone).toBeNull();
  });
});

describe("my organizations", () => {
  it("a new organization that loses the race for its slug is 409 CONFLICT naming the slug, with nothing written", async () => {
    const { userId, organizationId } = await signedUp({ ...signUpInput, email: "slugs@example.com" });
    const caller = await sessionCaller(t.db, userId, organizationId);
    const before = await t.db.organization.count();
    const rival = { sql: `INSERT INTO "Organization" (id, name, slug, "updatedAt") VALUES (gen_random_uuid(), 'Rival', $1, now())`, params: ["costa-azul"] };
    const lost = await loseUniqueRace(t.databaseUrl, rival, () => rejection(caller.account.createOrganization({ name: "Costa Azul" })));
    expect(lost).toMatchObject({ status: 409, code: "CONFLICT", message: 'An organization with the slug "costa-azul" already exists.' });
    expect(await t.db.organization.count()).toBe(before + 1); // the rival's, not ours
  });


  it("lists the person's organizations and starts a new one they own", async () => {
    const { userId, organizationId } = await signedUp({ ...signUpInput, email: "multi@example.com" });
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
