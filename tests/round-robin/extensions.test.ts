import { execFile } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rejection, sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { expectError, roundRobinApi, seedMembers, type Json } from "./helpers";

const t = useApiTest();
const rr = roundRobinApi(t);
let agents: { userId: string }[] = [];

beforeAll(async () => {
  agents = await seedMembers(t, 3);
});

describe("pausing a participant (extension)", () => {
  it("skips a paused participant until resumed; 404 for a non-participant", async () => {
    const [a, b, c] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId, c!.userId] });
    const pause = await rr.call(`/round-robin/${pool}/participants/${b!.userId}`, { method: "PATCH", json: { isActive: false } });
    expect(await pause.json()).toEqual({ success: true });
    const owners = [];
    for (let i = 0; i < 3; i++) owners.push(((await (await rr.createLead({ email: `p${i}@example.test`, roundRobinId: pool })).json()) as Json).assignedToId);
    expect(owners).toEqual([a!.userId, c!.userId, a!.userId]);
    // Reordering keeps the pause of a participant who stays.
    await rr.patch(pool, { participantIds: [a!.userId, b!.userId, c!.userId] });
    const reordered: Json = await (await rr.get(pool)).json();
    expect(reordered.participants.map((p: Json) => p.isActive)).toEqual([true, false, true]);
    expect(reordered.nextParticipantOrder).toBe(1);
    await t.db.roundRobinPool.update({ where: { id: pool }, data: { nextParticipantOrder: 3 } });
    await rr.call(`/round-robin/${pool}/participants/${b!.userId}`, { method: "PATCH", json: { isActive: true } });
    expect(((await (await rr.createLead({ email: "p4@example.test", roundRobinId: pool })).json()) as Json).assignedToId).toBe(c!.userId);
    await expectError(await rr.call(`/round-robin/${pool}/participants/${crypto.randomUUID()}`, { method: "PATCH", json: { isActive: false } }), 404, "NOT_FOUND");
    await expectError(await rr.call(`/round-robin/${pool}/participants/${a!.userId}`, { method: "PATCH", json: { isActive: "no" } }), 400, "VALIDATION_ERROR");
  });
});

describe("explain (extension)", () => {
  it("says which pool and participant would get a lead and why, assigning nothing", async () => {
    const [a, b] = agents;
    const fallback = await rr.createPool({ name: "Fallback", participantIds: [a!.userId] });
    const spring = await rr.createPool({ name: "Spring", participantIds: [b!.userId], connections: [{ source: "webhook", utmCampaign: "spring" }] });
    const before = await t.db.roundRobinAssignment.count();
    const answer: Json = await (await rr.call(`/round-robin/${fallback}/explain`, { method: "POST", json: { customFields: { utm_campaign: "spring" } } })).json();
    expect(answer.routedTo).toMatchObject({ roundRobinId: spring, reason: "connection", matchedFields: ["utmCampaign"], participant: { userId: b!.userId, order: 1 } });
    expect(answer.thisPool).toEqual({ roundRobinId: fallback, wouldReceive: false, nextParticipant: { userId: a!.userId, name: expect.any(String), order: 1 } });
    expect(await t.db.roundRobinAssignment.count()).toBe(before);
    await expectError(await rr.call(`/round-robin/${crypto.randomUUID()}/explain`, { method: "POST", json: {} }), 404, "NOT_FOUND");
  });
});

describe("the universal lead webhook integration", () => {
  it("is switched by owners and admins in Settings, not by members", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    expect(await owner.settings.universalLeadWebhook.get()).toEqual({ enabled: false });
    expect(await owner.settings.universalLeadWebhook.set({ enabled: true })).toEqual({ enabled: true });
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const asMember = await sessionCaller(t.db, member.userId, t.org.id);
    expect((await rejection(asMember.settings.universalLeadWebhook.set({ enabled: false }))).code).toBe("FORBIDDEN");
    await owner.settings.universalLeadWebhook.set({ enabled: false });
  });

  it("is switched by operators with `org update --universal-webhook on|off`", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string }>((resolve) =>
        execFile(path.join(root, "node_modules/.bin/tsx"), ["scripts/cli.ts", ...args], { cwd: root, env: { ...process.env, DATABASE_URL: t.databaseUrl }, timeout: 60_000 }, (error, stdout) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
        ),
      );
    const on = await run(["org", "update", "--org", t.org.id, "--universal-webhook", "on"]);
    expect(on.code).toBe(0);
    expect(JSON.parse(on.stdout)).toEqual({ id: t.org.id, universalLeadWebhook: "on" });
    expect((await t.db.organization.findUniqueOrThrow({ where: { id: t.org.id } })).universalLeadWebhookEnabled).toBe(true);
    expect((await run(["org", "update", "--org", t.org.id, "--universal-webhook", "maybe"])).code).toBe(2);
    await run(["org", "update", "--org", t.org.id, "--universal-webhook", "off"]);
    expect((await t.db.organization.findUniqueOrThrow({ where: { id: t.org.id } })).universalLeadWebhookEnabled).toBe(false);
  }, 120_000);
});
