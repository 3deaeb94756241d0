import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { expectError, roundRobinApi, seedMembers, type Json } from "./helpers";

const t = useApiTest();
const rr = roundRobinApi(t);
let agents: { userId: string; membershipId: string }[] = [];

beforeAll(async () => {
  agents = await seedMembers(t, 3);
});

async function ownerOfNewLead(poolId: string): Promise<string | null> {
  const response = await rr.createLead({ email: `w-${Math.random().toString(36).slice(2)}@example.test`, roundRobinId: poolId });
  const body: Json = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.assignedToId;
}

const simulate = (poolId: string, json: unknown) => rr.call(`/round-robin/${poolId}/simulate`, { method: "POST", json });

/** Everything a decision could move: the pointer, the running weights, the history and the leads. */
async function poolState(poolId: string) {
  const pool = await t.db.roundRobinPool.findUniqueOrThrow({ where: { id: poolId } });
  const participants = await t.db.roundRobinParticipant.findMany({ where: { roundRobinId: poolId }, orderBy: { order: "asc" } });
  return {
    pointer: pool.nextParticipantOrder,
    updatedAt: pool.updatedAt.toISOString(),
    weights: participants.map((p) => [p.userId, p.currentWeight, p.updatedAt.toISOString()]),
    assignments: await t.db.roundRobinAssignment.count({ where: { roundRobinId: poolId } }),
    leads: await t.db.lead.count({ where: { organizationId: t.org.id } }),
  };
}

describe("weighted rotation", () => {
  it("gives each participant its weighted share, in the smooth order, and shows weights and caps on the single read", async () => {
    const [a, b] = agents;
    const pool = await rr.createPool({
      participantIds: [a!.userId, b!.userId],
      participantSettings: [{ userId: a!.userId, weight: 3 }],
    });
    const owners = [];
    for (let i = 0; i < 8; i++) owners.push(await ownerOfNewLead(pool));
    expect(owners).toEqual([a, b, a, a, a, b, a, a].map((m) => m!.userId));
    const read: Json = await (await rr.get(pool)).json();
    expect(read.distributionSettings).toEqual({
      distribution: "rotation",
      claimWindowMinutes: 5,
      participants: [
        { userId: a!.userId, weight: 3, dailyCap: null },
        { userId: b!.userId, weight: 1, dailyCap: null },
      ],
    });
    expect(Object.keys(read.participants[0])).not.toContain("weight");
  });

  it("refuses weights outside 1..10 and settings of someone outside the pool", async () => {
    const [a, b, c] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId] });
    await expectError(await rr.patch(pool, { participantSettings: [{ userId: a!.userId, weight: 11 }] }), 400, "VALIDATION_ERROR");
    await expectError(await rr.patch(pool, { participantSettings: [{ userId: a!.userId, weight: 0 }] }), 400, "VALIDATION_ERROR");
    await expectError(await rr.patch(pool, { participantSettings: [{ userId: c!.userId, weight: 2 }] }), 400, "BAD_REQUEST");
    await expectError(await rr.patch(pool, { claimWindowMinutes: 0 }), 400, "VALIDATION_ERROR");
  });

  it("skips a participant at their daily cap and says so in the assignment's explanation", async () => {
    const [a, b] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId], participantSettings: [{ userId: a!.userId, dailyCap: 1 }] });
    const owners = [];
    for (let i = 0; i < 4; i++) owners.push(await ownerOfNewLead(pool));
    expect(owners).toEqual([a!.userId, b!.userId, b!.userId, b!.userId]);
    const newest: Json = (await (await rr.assignments(pool, "?limit=1")).json()).data[0];
    expect(JSON.parse(newest.metadata).skipped).toEqual([{ userId: a!.userId, order: 1, reason: "at_daily_cap" }]);
  });

  it("skips a participant out of office on the lead's local day", async () => {
    const [a, b] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId] });
    await t.db.membership.update({ where: { id: a!.membershipId }, data: { outOfOfficeFrom: new Date("2026-12-01"), outOfOfficeUntil: new Date("2026-12-03") } });
    try {
      const during: Json = await (await simulate(pool, { count: 2, at: "2026-12-03T23:30:00-05:00" })).json();
      expect(during.turns.map((turn: Json) => turn.userId)).toEqual([b!.userId, b!.userId]);
      expect(during.turns[0].skipped).toEqual([{ userId: a!.userId, order: 1, reason: "out_of_office" }]);
      // The day after, in the organization's zone (America/Panama by default), a is back.
      const after: Json = await (await simulate(pool, { count: 1, at: "2026-12-04T06:00:00-05:00" })).json();
      expect(after.turns[0].userId).toBe(a!.userId);
    } finally {
      await t.db.membership.update({ where: { id: a!.membershipId }, data: { outOfOfficeFrom: null, outOfOfficeUntil: null } });
    }
  });

  it("skips a participant outside their working hours, unless nobody is working", async () => {
    const [a, b] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId] });
    await t.db.membership.update({ where: { id: a!.membershipId }, data: { workingHours: { start: "09:00", end: "17:00", weekdays: [1, 2, 3, 4, 5] } } });
    try {
      // Saturday 10:00 in Panama: a does not work Saturdays, b has no hours (always).
      const saturday: Json = await (await simulate(pool, { count: 1, at: "2026-11-28T10:00:00-05:00" })).json();
      expect(saturday.turns[0]).toMatchObject({ userId: b!.userId, skipped: [{ userId: a!.userId, order: 1, reason: "outside_working_hours" }] });
      const monday: Json = await (await simulate(pool, { count: 1, at: "2026-11-30T10:00:00-05:00" })).json();
      expect(monday.turns[0]).toMatchObject({ userId: a!.userId, skipped: [] });
      await t.db.membership.update({ where: { id: b!.membershipId }, data: { workingHours: { start: "09:00", end: "17:00", weekdays: [1, 2, 3, 4, 5] } } });
      const nobody: Json = await (await simulate(pool, { count: 2, at: "2026-11-28T10:00:00-05:00" })).json();
      expect(nobody.turns.map((turn: Json) => turn.userId)).toEqual([a!.userId, b!.userId]);
    } finally {
      await t.db.membership.updateMany({ where: { id: { in: [a!.membershipId, b!.membershipId] } }, data: { workingHours: undefined } });
      await t.db.$executeRaw`UPDATE "Membership" SET "workingHours" = NULL WHERE "id" IN (${a!.membershipId}::uuid, ${b!.membershipId}::uuid)`;
    }
  });
});

describe("POST /round-robin/{roundRobinId}/simulate", () => {
  it("answers the next assignees and why, the same as the real turns that follow, changing nothing", async () => {
    const [a, b, c] = agents;
    const pool = await rr.createPool({
      participantIds: [a!.userId, b!.userId, c!.userId],
      participantSettings: [{ userId: b!.userId, weight: 2, dailyCap: 3 }],
    });
    await ownerOfNewLead(pool);
    const before = await poolState(pool);
    const response = await simulate(pool, { count: 10 });
    const body: Json = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(await poolState(pool)).toEqual(before);
    expect(body.turns).toHaveLength(10);
    expect(body.turns[0]).toEqual({ position: 1, userId: expect.any(String), name: expect.any(String), order: expect.any(Number), weight: expect.any(Number), skipped: [] });
    // b's cap of 3 (one lead taken already or not) shows as skips in the forecast.
    expect(body.turns.filter((turn: Json) => turn.userId === b!.userId).length).toBeLessThanOrEqual(3);
    expect(body.turns.some((turn: Json) => turn.skipped.some((s: Json) => s.reason === "at_daily_cap"))).toBe(true);
    const real = [];
    for (let i = 0; i < 10; i++) real.push(await ownerOfNewLead(pool));
    expect(real).toEqual(body.turns.map((turn: Json) => turn.userId));
  });

  it("validates count and at; 404 for a pool of nobody; empty for an inactive pool", async () => {
    const pool = await rr.createPool({ participantIds: [agents[0]!.userId] });
    await expectError(await simulate(pool, { count: 0 }), 400, "VALIDATION_ERROR");
    await expectError(await simulate(pool, { count: 101 }), 400, "VALIDATION_ERROR");
    await expectError(await simulate(pool, { count: 1, at: "tomorrow" }), 400, "VALIDATION_ERROR");
    await expectError(await simulate(crypto.randomUUID(), { count: 1 }), 404, "NOT_FOUND");
    const inactive = await rr.createPool({ participantIds: [agents[0]!.userId], isActive: false });
    expect(((await (await simulate(inactive, { count: 3 })).json()) as Json).turns).toEqual([]);
  });
});
