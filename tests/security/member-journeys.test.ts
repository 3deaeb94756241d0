import { beforeAll, describe, expect, it } from "vitest";
import { SCOPES } from "../../server/auth/scopes";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOAuthToken } from "../support/factories";
import { trpc } from "../team/support/team-http";
import { sessionCookie } from "./support/dashboard-session";

/**
 * The member journeys of the audit, with real inputs through both doors:
 * routing pools and call sequences are for owners and admins. A member can
 * neither create a pool, pause a colleague, delete a pool nor create a
 * sequence — from the dashboard or through an app they connected — and
 * nothing changes; an admin can. The webhook dialer (L8) sends leads out, so
 * choosing it also needs `webhooks:manage`, whoever calls.
 */
const t = useApiTest();
const THROTTLE = { maxPerMinute: 10, businessHoursStart: "09:00", businessHoursEnd: "18:00", timezone: "UTC", weekdays: [1, 2, 3, 4, 5] };
const WEBHOOK_DIALER = { dialer: "webhook", webhookUrl: "https://93.184.216.34/dial" };
const MANAGERS_ONLY = { code: "FORBIDDEN", message: "Only owners and admins of the organization can do this." };
let member: { userId: string; cookie: string; token: string };
let admin: { userId: string; cookie: string };
let colleague: string;
let poolId: string;

beforeAll(async () => {
  const m = await seedMember(t.db, t.org.id, { role: "member" });
  const a = await seedMember(t.db, t.org.id, { role: "admin" });
  colleague = (await seedMember(t.db, t.org.id, { role: "member" })).userId;
  member = {
    userId: m.userId,
    cookie: await sessionCookie({ userId: m.userId, organizationId: t.org.id }),
    token: (await seedOAuthToken(t.db, { organizationId: t.org.id, userId: m.userId, scopes: [...SCOPES] })).token,
  };
  admin = { userId: a.userId, cookie: await sessionCookie({ userId: a.userId, organizationId: t.org.id }) };
  const created = await t.server.api("/round-robin", { token: t.org.key, method: "POST", json: { name: "Owner's pool", participantIds: [member.userId, colleague] } });
  poolId = ((await created.json()) as { id: string }).id;
});

const pool = () => t.db.roundRobinPool.findUnique({ where: { id: poolId }, include: { participants: true } });

describe("a member cannot change routing or sequences", () => {
  it("from the dashboard: create a pool, pause a colleague, delete the pool, create a sequence — each 403, nothing changes", async () => {
    const before = await pool();
    const asMember = (procedure: string, input: unknown) => trpc(t.server, procedure, { cookie: member.cookie, mutation: true, input });
    const answers = [
      await asMember("roundRobin.create", { name: "Mine", participantIds: [member.userId] }),
      await asMember("roundRobin.setParticipantActive", { roundRobinId: poolId, userId: colleague, isActive: false }),
      await asMember("roundRobin.delete", { roundRobinId: poolId }),
      await asMember("sequences.create", { name: "Call them all", criteria: {}, throttle: THROTTLE }),
    ];
    for (const answer of answers) expect({ status: answer.status, code: answer.code, message: answer.error?.message }).toEqual({ status: 403, ...MANAGERS_ONLY });
    expect(await pool()).toEqual(before);
    expect(await t.db.roundRobinPool.count({ where: { organizationId: t.org.id } })).toBe(1);
    expect(await t.db.sequence.count({ where: { organizationId: t.org.id } })).toBe(0);
    // Reading stays open: the pool's page and the rep's call queue.
    expect((await trpc(t.server, "roundRobin.get", { cookie: member.cookie, input: { roundRobinId: poolId } })).status).toBe(200);
    expect((await trpc(t.server, "sequences.callQueue", { cookie: member.cookie })).status).toBe(200);
  });

  it("through an app the member connected (every scope asked for): the same refusals on the REST door", async () => {
    const call = (path: string, method: string, json?: unknown) => t.server.api(path, { token: member.token, method, json });
    const answers = [
      await call("/round-robin", "POST", { name: "Mine", participantIds: [member.userId] }),
      await call(`/round-robin/${poolId}/participants/${colleague}`, "PATCH", { isActive: false }),
      await call(`/round-robin/${poolId}`, "DELETE"),
      await call("/sequences", "POST", { name: "Call them all", channel: "call", criteria: {}, throttle: THROTTLE }),
    ];
    for (const answer of answers) expect({ status: answer.status, ...((await answer.json()) as { error: object }).error }).toEqual({ status: 403, ...MANAGERS_ONLY });
    expect((await pool())?.participants.every((p) => p.isActive)).toBe(true);
    expect((await call(`/round-robin/${poolId}`, "GET")).status).toBe(200);
  });

  it("an admin can, from the dashboard", async () => {
    const asAdmin = (procedure: string, input: unknown) => trpc<{ id: string }>(t.server, procedure, { cookie: admin.cookie, mutation: true, input });
    expect((await asAdmin("roundRobin.setParticipantActive", { roundRobinId: poolId, userId: colleague, isActive: false })).status).toBe(200);
    expect((await pool())?.participants.find((p) => p.userId === colleague)?.isActive).toBe(false);
    expect((await asAdmin("sequences.create", { name: "Admin's", criteria: {}, throttle: THROTTLE })).status).toBe(200);
    expect((await asAdmin("roundRobin.delete", { roundRobinId: poolId })).status).toBe(200);
  });
});

describe("the webhook dialer needs webhooks:manage (L8)", () => {
  const create = (token: string, channelConfig: unknown) =>
    t.server.api("/sequences", { token, method: "POST", json: { name: "Dialer", channel: "call", criteria: {}, throttle: THROTTLE, channelConfig } });
  const NEEDS_WEBHOOKS = {
    code: "FORBIDDEN",
    message: "The webhook dialer sends leads' data to an outside URL: choosing it needs the webhooks:manage scope (owners and admins).",
  };

  it("a credential with sequences:write but not webhooks:manage may use the task dialer, not the webhook one (creating or switching)", async () => {
    const key = (await seedApiKey(t.db, t.org.id, { scopes: ["sequences:read", "sequences:write"] })).key;
    const refused = await create(key, WEBHOOK_DIALER);
    expect({ status: refused.status, ...((await refused.json()) as { error: object }).error }).toEqual({ status: 403, ...NEEDS_WEBHOOKS });
    const task = await create(key, { dialer: "task" });
    expect(task.status).toBe(201);
    const { id } = (await task.json()) as { id: string };
    const switched = await t.server.api(`/sequences/${id}`, { token: key, method: "PATCH", json: { channelConfig: WEBHOOK_DIALER } });
    expect(switched.status).toBe(403);
    expect((await t.db.sequence.findUniqueOrThrow({ where: { id } })).channelConfig).toEqual({ dialer: "task" });

    const adminsApp = (await seedOAuthToken(t.db, { organizationId: t.org.id, userId: admin.userId, scopes: ["sequences:write"] })).token;
    expect((await create(adminsApp, WEBHOOK_DIALER)).status).toBe(403);
    expect((await create(member.token, WEBHOOK_DIALER)).status).toBe(403);
  });

  it("with webhooks:manage (an admin in the dashboard, a key holding it) the webhook dialer is set and its secret shown once", async () => {
    const key = (await seedApiKey(t.db, t.org.id, { scopes: ["sequences:write", "webhooks:manage"] })).key;
    const created = await create(key, WEBHOOK_DIALER);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { webhookSecret?: string }).webhookSecret).toMatch(/^whsec_/);
    const fromDashboard = await trpc<{ webhookSecret?: string }>(t.server, "sequences.create", {
      cookie: admin.cookie,
      mutation: true,
      input: { name: "Admin's dialer", criteria: {}, throttle: THROTTLE, channelConfig: WEBHOOK_DIALER },
    });
    expect(fromDashboard.status).toBe(200);
    expect(fromDashboard.data.webhookSecret).toMatch(/^whsec_/);
  });
});
