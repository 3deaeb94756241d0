import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOAuthToken } from "../support/factories";
import { body, expectError, type Page } from "./helpers";

/**
 * Who sees which lead, through both doors: with the organization's setting
 * `own`, a member sees the leads assigned to them and the unassigned leads of
 * their pools' ponds; a team lead also what their team's members see; owners,
 * admins and API keys everything; OAuth tokens and sessions what their
 * person sees. Lists, totals, search, reads and writes agree; a lead out of
 * sight answers exactly as a missing one.
 */
const t = useApiTest();

interface Person {
  userId: string;
  cookie: string;
  token: string;
}
let agent: Person;
let colleague: Person;
let teamLead: Person;
let admin: Person;
let ownerCookie: string;
const leads: Record<"agents" | "colleagues" | "leads" | "pond" | "orphan", string> = { agents: "", colleagues: "", leads: "", pond: "", orphan: "" };

async function person(role: "member" | "admin", name: string): Promise<Person> {
  const seeded = await seedMember(t.db, t.org.id, { role, name });
  const cookie = await sessionCookie({ userId: seeded.userId, organizationId: t.org.id });
  const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: seeded.userId });
  return { userId: seeded.userId, cookie, token };
}

const asKey = (path: string, init: RequestInit & { json?: unknown } = {}) => t.server.api(path, { token: t.org.key, ...init });

async function createLead(json: Record<string, unknown>): Promise<string> {
  return (await body<{ id: string }>(await asKey("/leads", { method: "POST", json }), 201)).id;
}

/** The ids of the leads a person's OAuth token lists, and the total it is told. */
async function listed(who: Person, query = ""): Promise<{ ids: string[]; total: number }> {
  const page = await body<Page<{ id: string }>>(await t.server.api(`/leads?limit=100${query}`, { token: who.token }), 200);
  return { ids: page.data.map((lead) => lead.id).sort(), total: page.pagination.total };
}

async function setVisibility(leadVisibility: "all" | "own") {
  const current = await trpc<{ name: string; timezone: string | null; locale: "en" | "es" }>(t.server, "settings.organization.get", { cookie: ownerCookie });
  const { name, timezone, locale } = current.data;
  const saved = await trpc(t.server, "settings.organization.update", { cookie: ownerCookie, mutation: true, input: { name, timezone, locale, leadVisibility } });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
  agent = await person("member", "Ana Agent");
  colleague = await person("member", "Carlos Colleague");
  teamLead = await person("member", "Lucía Lead");
  admin = await person("admin", "Adela Admin");
  const team = await trpc(t.server, "teams.create", {
    cookie: ownerCookie,
    mutation: true,
    input: { name: "Norte", leadUserIds: [teamLead.userId], memberUserIds: [agent.userId] },
  });
  expect(team.status).toBe(200);
  const pool = await body<{ id: string }>(await asKey("/round-robin", { method: "POST", json: { name: "Web", participantIds: [agent.userId], connections: [{ source: "webhook", utmCampaign: "spring" }] } }), 201);

  leads.agents = await createLead({ email: "agents-lead@example.test", firstName: "Zoila", assignedToId: agent.userId });
  leads.colleagues = await createLead({ email: "colleagues-lead@example.test", firstName: "Zoila", lastName: "Secret", assignedToId: colleague.userId });
  leads.leads = await createLead({ email: "teamleads-lead@example.test", assignedToId: teamLead.userId });
  // A lead routed through the pool and then handed back: unassigned, in the pool's pond.
  leads.pond = await createLead({ email: "pond-lead@example.test", roundRobinId: pool.id });
  await body(await asKey(`/leads/${leads.pond}`, { method: "PUT", json: { assignedToId: null } }), 200);
  // Matching no pool (the pool takes only its campaign), it arrives unassigned and in no pond.
  leads.orphan = await createLead({ email: "orphan-lead@example.test" });
  await setVisibility("own");
}, 60_000);

describe("with the setting `own`", () => {
  it("a member lists their own leads and their pool's pond; the total counts only those", async () => {
    expect(await listed(agent)).toEqual({ ids: [leads.agents, leads.pond].sort(), total: 2 });
    expect(await listed(colleague)).toEqual({ ids: [leads.colleagues], total: 1 });
    // Filters keep to what they see, and so do their totals (maintained counts or a count).
    expect(await listed(agent, "&status=new")).toEqual({ ids: [leads.agents, leads.pond].sort(), total: 2 });
    expect(await listed(agent, "&assignedToId=none")).toEqual({ ids: [leads.pond], total: 1 });
    expect(await listed(agent, `&assignedToId=${colleague.userId}`)).toEqual({ ids: [], total: 0 });
    expect(await listed(agent, "&query=zoila")).toEqual({ ids: [leads.agents], total: 1 });
  });

  it("a team lead also sees what their team's members see", async () => {
    expect(await listed(teamLead)).toEqual({ ids: [leads.agents, leads.leads, leads.pond].sort(), total: 3 });
    expect(await listed(teamLead, `&assignedToId=${agent.userId}`)).toEqual({ ids: [leads.agents], total: 1 });
  });

  it("owners, admins and API keys see every lead", async () => {
    const all = Object.values(leads).sort();
    expect(await listed(admin)).toEqual({ ids: all, total: all.length });
    const page = await body<Page<{ id: string }>>(await asKey("/leads?limit=100"), 200);
    expect(page.data.map((lead) => lead.id).sort()).toEqual(all);
    const owner = await trpc<{ pagination: { total: number } }>(t.server, "leads.list", { cookie: ownerCookie, input: { limit: 100 } });
    expect(owner.data.pagination.total).toBe(all.length);
  });

  it("the dashboard session sees what the person's OAuth token sees", async () => {
    const page = await trpc<{ data: { id: string }[]; pagination: { total: number } }>(t.server, "leads.list", { cookie: agent.cookie, input: { limit: 100 } });
    expect([page.data.data.map((lead) => lead.id).sort(), page.data.pagination.total]).toEqual([[leads.agents, leads.pond].sort(), 2]);
  });

  it("search finds only visible leads", async () => {
    const found = await body<{ data: { id: string }[] }>(await t.server.api("/leads/search?q=zoila", { token: agent.token }), 200);
    expect(found.data.map((lead) => lead.id)).toEqual([leads.agents]);
    const byEmail = await body<{ data: unknown[] }>(await t.server.api("/leads/search?email=colleagues-lead@example.test", { token: agent.token }), 200);
    expect(byEmail.data).toEqual([]);
  });

  it("a colleague's lead answers exactly as a missing one, on reads and writes, and nothing is written", async () => {
    const missing = "lead_000000000000000000000000";
    const eventsBefore = await t.db.webhookEvent.count({ where: { organizationId: t.org.id } });
    const activitiesBefore = await t.db.leadActivity.count({ where: { leadId: leads.colleagues } });
    for (const id of [leads.colleagues, missing]) {
      const get = await expectError(await t.server.api(`/leads/${id}`, { token: agent.token }), 404, "NOT_FOUND");
      expect(get).toBe("Lead not found.");
      await expectError(await t.server.api(`/leads/${id}`, { token: agent.token, method: "PUT", json: { firstName: "Mine" } }), 404, "NOT_FOUND");
      await expectError(await t.server.api(`/leads/${id}/notes`, { token: agent.token, method: "POST", json: { content: "hi" } }), 404, "NOT_FOUND");
      await expectError(await t.server.api(`/leads/${id}/activities`, { token: agent.token }), 404, "NOT_FOUND");
      await expectError(await t.server.api(`/leads/${id}`, { token: agent.token, method: "DELETE" }), 404, "NOT_FOUND");
    }
    expect(await t.db.webhookEvent.count({ where: { organizationId: t.org.id } })).toBe(eventsBefore);
    expect(await t.db.leadActivity.count({ where: { leadId: leads.colleagues } })).toBe(activitiesBefore);
    expect(await t.db.lead.count({ where: { id: leads.colleagues, firstName: "Zoila" } })).toBe(1);
  });

  it("the home widgets count what the viewer sees", async () => {
    const funnel = await trpc<{ stages: { count: number }[]; withoutStage: { count: number } }>(t.server, "home.pipelineFunnel", { cookie: agent.cookie, input: {} });
    const counted = funnel.data.stages.reduce((sum, stage) => sum + stage.count, 0) + funnel.data.withoutStage.count;
    expect(counted).toBe(2);
    const perMember = await trpc<{ userId: string | null; count: number }[]>(t.server, "home.leadsPerMember", { cookie: teamLead.cookie, input: { period: "30d" } });
    expect(perMember.data.map((row) => [row.userId, row.count]).sort()).toEqual([[agent.userId, 1], [teamLead.userId, 1], [null, 1]].sort());
  });

  it("a lead reassigned away leaves the agent's view at once; handed back, it returns", async () => {
    const lead = await createLead({ email: "moving@example.test", assignedToId: agent.userId });
    expect((await t.server.api(`/leads/${lead}`, { token: agent.token })).status).toBe(200);
    await body(await asKey(`/leads/${lead}`, { method: "PUT", json: { assignedToId: colleague.userId } }), 200);
    await expectError(await t.server.api(`/leads/${lead}`, { token: agent.token }), 404, "NOT_FOUND");
    expect((await listed(agent)).ids).not.toContain(lead);
    const gone = await trpc(t.server, "leads.addNote", { cookie: agent.cookie, mutation: true, input: { leadId: lead, content: "still mine?" } });
    expect([gone.status, gone.code]).toEqual([404, "NOT_FOUND"]);
    await body(await asKey(`/leads/${lead}`, { method: "PUT", json: { assignedToId: agent.userId } }), 200);
    expect((await t.server.api(`/leads/${lead}`, { token: agent.token })).status).toBe(200);
  });

  it("a member may hand their own lead to a colleague; it is then out of their sight", async () => {
    const lead = await createLead({ email: "handed@example.test", assignedToId: agent.userId });
    const handed = await body<{ assignedToId: string }>(
      await t.server.api(`/leads/${lead}`, { token: agent.token, method: "PUT", json: { assignedToId: colleague.userId } }),
      200,
    );
    expect(handed.assignedToId).toBe(colleague.userId);
    await expectError(await t.server.api(`/leads/${lead}`, { token: agent.token }), 404, "NOT_FOUND");
    expect((await t.server.api(`/leads/${lead}`, { token: colleague.token })).status).toBe(200);
  });
});

describe("with the setting `all` (the default)", () => {
  it("every member sees every lead again", async () => {
    await setVisibility("all");
    const all = await listed(agent);
    expect(all.ids).toEqual(expect.arrayContaining(Object.values(leads)));
    expect((await t.server.api(`/leads/${leads.colleagues}`, { token: agent.token })).status).toBe(200);
    await setVisibility("own");
  });
});
