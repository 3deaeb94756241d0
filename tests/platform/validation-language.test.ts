import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../security/support/dashboard-session";
import { useApiTest } from "../support/api-test";
import { seedOrganization, type SeededOrganization } from "../support/factories";
import { trpc } from "../team/support/team-http";

/**
 * Refused fields are told to people in their language: the dashboard door
 * answers every reason (schema bounds, named rules, the domain's checks) in
 * the organization's language, next to its field; the REST door keeps the
 * developers' English wording.
 */
const t = useApiTest();
let spanish: SeededOrganization;
let cookie: string;

beforeAll(async () => {
  spanish = await seedOrganization(t.db, { rateLimitExempt: true, locale: "es" });
  cookie = await sessionCookie({ userId: spanish.ownerId, organizationId: spanish.id });
});

const call = (procedure: string, input: unknown) => trpc(t.server, procedure, { cookie, mutation: true, input });

describe("validation reasons follow the reader's language", () => {
  it("a lead refused by its schema: every field's reason in Spanish in the dashboard", async () => {
    const answer = await call("leads.create", { email: "no-es-un-correo", score: 150, firstName: "x".repeat(201) });
    expect(answer.code).toBe("VALIDATION_ERROR");
    expect(answer.error?.data?.fieldErrors).toEqual({
      email: "debe ser un correo electrónico válido",
      score: "debe ser como máximo 100",
      firstName: "como máximo 200 caracteres",
    });
  });

  it("rules the domain checks (the contact rule, references, the lead state) too", async () => {
    expect((await call("leads.create", { firstName: "Ana" })).error?.data?.fieldErrors).toEqual({
      email: "un lead necesita un correo o un teléfono",
      phone: "un lead necesita un correo o un teléfono",
    });
    const refused = await call("leads.create", { email: "a@example.test", assignedToId: "00000000-0000-4000-8000-000000000000" });
    expect(refused.error?.data?.fieldErrors).toEqual({ assignedToId: "no es miembro de esta organización" });
    expect(refused.error?.message).toBe("assignedToId: no es miembro de esta organización");
  });

  it("a named rule of a schema (a round-robin pool needs a member)", async () => {
    const answer = await call("roundRobin.create", { name: "Vacío", participantIds: [] });
    expect(answer.error?.data?.fieldErrors).toMatchObject({ participantIds: "elige al menos un miembro" });
  });

  it("the REST door keeps the developers' wording in English", async () => {
    const response = await t.server.api("/leads", { token: spanish.key, method: "POST", json: { firstName: "Ana" } });
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe("email: a lead needs an email or a phone; phone: a lead needs an email or a phone");
    const rejected = await t.server.api("/leads", { token: spanish.key, method: "POST", json: { email: "nope" } });
    expect(((await rejected.json()) as { error: { message: string } }).error.message).toBe("email: must be a valid email address");
  });
});
