import { describe, expect, it } from "vitest";
import { seedApiKey, seedMember, seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError } from "./helpers";

const t = useApiTest();

interface Stage {
  id: string;
  name: string;
  color: string;
  order: number;
  stageKind: string;
  systemKey: string | null;
  createdAt: string;
  updatedAt: string;
}

describe("GET /lead-sources", () => {
  it("the catalog, not paginated, id equal to name", async () => {
    const catalog = await body<{ data: { id: string; name: string }[] }>(await t.server.api("/lead-sources", { token: t.org.key }), 200);
    expect(Object.keys(catalog)).toEqual(["data"]);
    expect(catalog.data.map((source) => source.id)).toEqual([
      "website", "referral", "social_media", "advertising", "bot_cold_outreach", "cold_call",
      "email", "event", "adplatform", "landing_page", "messaging_app", "other",
    ]);
    for (const source of catalog.data) expect(source.name).toBe(source.id);
  });
});

describe("GET /pipeline/stages", () => {
  it("every new organization has the default pipeline, in display order", async () => {
    const stages = await body<{ data: Stage[] }>(await t.server.api("/pipeline/stages", { token: t.org.key }), 200);
    expect(stages.data.map((stage) => [stage.systemKey, stage.name, stage.stageKind, stage.order])).toEqual([
      ["new", "New", "open", 1],
      ["contacted", "Contacted", "open", 2],
      ["qualified", "Qualified", "open", 3],
      ["proposal", "Proposal", "open", 4],
      ["negotiation", "Negotiation", "open", 5],
      ["won", "Won", "won", 6],
      ["lost", "Lost", "lost", 7],
      ["unqualified", "Unqualified", "lost", 8],
    ]);
    for (const stage of stages.data) {
      expect(stage.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(stage.color).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it("names follow the organization's language", async () => {
    const es = await seedOrganization(t.db, { rateLimitExempt: true, locale: "es" });
    const stages = await body<{ data: Stage[] }>(await t.server.api("/pipeline/stages", { token: es.key }), 200);
    expect(stages.data.map((stage) => stage.name)).toEqual(["Nuevo", "Contactado", "Calificado", "Propuesta", "Negociación", "Ganado", "Perdido", "No calificado"]);
  });

  it("custom and reordered stages come back by order", async () => {
    const custom = await seedOrganization(t.db, { rateLimitExempt: true });
    await t.db.pipelineStage.create({ data: { organizationId: custom.id, name: "Visit booked", color: "#000000", order: 2 } });
    await t.db.pipelineStage.updateMany({ where: { organizationId: custom.id, order: { gte: 2 }, systemKey: { not: null } }, data: { order: { increment: 1 } } });
    const stages = await body<{ data: Stage[] }>(await t.server.api("/pipeline/stages", { token: custom.key }), 200);
    expect(stages.data.map((stage) => stage.name).slice(0, 3)).toEqual(["New", "Visit booked", "Contacted"]);
    expect(stages.data[1]?.systemKey).toBeNull();
  });
});

describe("GET /members", () => {
  it("lists every member with their user and team (an extension; null when in none), oldest first", async () => {
    const admin = await seedMember(t.db, t.org.id, { role: "admin", name: "Adela Admin" });
    const members = await body<{ data: Record<string, unknown>[] }>(await t.server.api("/members", { token: t.org.key }), 200);
    expect(Object.keys(members)).toEqual(["data"]);
    expect(members.data).toHaveLength(2);
    expect(members.data[0]).toMatchObject({ role: "owner", user: { id: t.org.ownerId } });
    expect(members.data[1]).toEqual({
      id: admin.membershipId,
      role: "admin",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      user: { id: admin.userId, name: "Adela Admin", email: admin.email, image: null, locale: "en" },
      team: null,
    });
  });

  it("GET /members/{memberId}: one member; 404 for an unknown or a malformed id", async () => {
    const member = await seedMember(t.db, t.org.id, { name: "Mía" });
    const one = await body<Record<string, unknown>>(await t.server.api(`/members/${member.membershipId}`, { token: t.org.key }), 200);
    expect(one).toMatchObject({ id: member.membershipId, role: "member", user: { id: member.userId, name: "Mía" } });
    await expectError(await t.server.api("/members/00000000-0000-4000-8000-000000000000", { token: t.org.key }), 404, "NOT_FOUND");
    await expectError(await t.server.api("/members/nope", { token: t.org.key }), 404, "NOT_FOUND");
  });
});

describe("scopes", () => {
  it("catalogs need leads:read, members need members:read", async () => {
    const { key: leadsOnly } = await seedApiKey(t.db, t.org.id, { scopes: ["leads:read"] });
    const { key: membersOnly } = await seedApiKey(t.db, t.org.id, { scopes: ["members:read"] });
    expect((await t.server.api("/lead-sources", { token: leadsOnly })).status).toBe(200);
    expect((await t.server.api("/pipeline/stages", { token: leadsOnly })).status).toBe(200);
    expect(await expectError(await t.server.api("/members", { token: leadsOnly }), 403, "FORBIDDEN")).toContain("members:read");
    expect((await t.server.api("/members", { token: membersOnly })).status).toBe(200);
    expect(await expectError(await t.server.api("/pipeline/stages", { token: membersOnly }), 403, "FORBIDDEN")).toContain("leads:read");
  });

  it("lead reads need leads:read and lead writes leads:write", async () => {
    const { key: reader } = await seedApiKey(t.db, t.org.id, { scopes: ["leads:read"] });
    const { key: writer } = await seedApiKey(t.db, t.org.id, { scopes: ["leads:write"] });
    expect((await t.server.api("/leads", { token: reader })).status).toBe(200);
    expect(
      await expectError(await t.server.api("/leads", { token: reader, method: "POST", json: { email: "a@b.test" } }), 403, "FORBIDDEN"),
    ).toContain("leads:write");
    expect((await t.server.api("/leads", { token: writer, method: "POST", json: { email: "a@b.test" } })).status).toBe(201);
    expect(await expectError(await t.server.api("/leads/search?q=ab", { token: writer }), 403, "FORBIDDEN")).toContain("leads:read");
  });
});
