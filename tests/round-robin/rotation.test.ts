import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { expectError, roundRobinApi, seedMembers, type Json } from "./helpers";

const t = useApiTest();
const rr = roundRobinApi(t);
let agents: { userId: string; membershipId: string }[] = [];

beforeAll(async () => {
  agents = await seedMembers(t, 4);
});

async function leadThrough(poolId: string, extra: Record<string, unknown> = {}): Promise<Json> {
  const response = await rr.createLead({ email: `l-${Math.random().toString(36).slice(2)}@example.test`, roundRobinId: poolId, ...extra });
  const body: Json = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

const pointerOf = async (id: string) => (await t.db.roundRobinPool.findUniqueOrThrow({ where: { id } })).nextParticipantOrder;

describe("rotation", () => {
  it("assigns in array order, wraps, and records each turn", async () => {
    const [a, b, c] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId, c!.userId] });
    const owners = [];
    for (let i = 0; i < 4; i++) {
      const lead = await leadThrough(pool);
      expect(lead.roundRobinId).toBe(pool);
      owners.push(lead.assignedToId);
    }
    expect(owners).toEqual([a!.userId, b!.userId, c!.userId, a!.userId]);
    expect(await pointerOf(pool)).toBe(2);
    const history: Json = await (await rr.assignments(pool)).json();
    expect(history.pagination.total).toBe(4);
    expect(history.data.map((r: Json) => r.turnOrder)).toEqual([1, 3, 2, 1]);
    expect(Object.keys(history.data[0]).sort()).toEqual(
      ["assignedUserId", "createdAt", "id", "leadId", "leadName", "metadata", "source", "turnOrder", "userEmail", "userName"].sort(),
    );
    expect(JSON.parse(history.data[0].metadata)).toMatchObject({ reason: "explicit_pool", pointerBefore: 1, pointerAfter: 2 });
    const stats: Json = (await (await rr.get(pool)).json()).stats;
    expect(stats.totalAssignments).toBe(4);
    expect(stats.participantAssignments.find((p: Json) => p.assignedUserId === a!.userId).assignmentCount).toBe(2);
  });

  it("skips paused participants and those who left the organization; the pointer names who is next", async () => {
    const [a, b, c, d] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId, c!.userId, d!.userId] });
    await t.db.roundRobinParticipant.updateMany({ where: { roundRobinId: pool, userId: b!.userId }, data: { isActive: false } });
    const other = await seedOrganization(t.db);
    // d leaves the organization: still a participant row, no longer a member.
    await t.db.membership.update({ where: { id: d!.membershipId }, data: { organizationId: other.id } });
    try {
      const owners = [];
      for (let i = 0; i < 4; i++) owners.push((await leadThrough(pool)).assignedToId);
      expect(owners).toEqual([a!.userId, c!.userId, a!.userId, c!.userId]);
      expect(await pointerOf(pool)).toBe(1);
      // A pointer left on d before d left: the next lead goes to a, and the history says d was skipped.
      await t.db.roundRobinPool.update({ where: { id: pool }, data: { nextParticipantOrder: 4 } });
      expect((await leadThrough(pool)).assignedToId).toBe(a!.userId);
      const newest: Json = (await (await rr.assignments(pool, "?limit=1")).json()).data[0];
      expect(JSON.parse(newest.metadata).skipped).toEqual([{ userId: d!.userId, order: 4, reason: "not_a_member" }]);
    } finally {
      await t.db.membership.update({ where: { id: d!.membershipId }, data: { organizationId: t.org.id } });
    }
  });

  it("leaves the lead unassigned (never refused) when the pool is inactive or nobody is eligible", async () => {
    const inactive = await rr.createPool({ participantIds: [agents[0]!.userId], isActive: false });
    const lead = await leadThrough(inactive);
    expect(lead).toMatchObject({ assignedToId: null, roundRobinId: null });
    const paused = await rr.createPool({ participantIds: [agents[0]!.userId] });
    await t.db.roundRobinParticipant.updateMany({ where: { roundRobinId: paused }, data: { isActive: false } });
    expect(await leadThrough(paused)).toMatchObject({ assignedToId: null, roundRobinId: null });
    expect(await pointerOf(paused)).toBe(1);
  });

  it("honours an explicit roundRobinId with assignInboundLeads off; refuses an unknown or foreign pool id", async () => {
    const pool = await rr.createPool({ participantIds: [agents[2]!.userId], assignInboundLeads: false });
    expect((await leadThrough(pool)).assignedToId).toBe(agents[2]!.userId);
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const [stranger] = await seedMembers(t, 1, other.id);
    const foreign = await roundRobinApi(t, () => other.key).createPool({ participantIds: [stranger!.userId] });
    const before = await t.db.lead.count();
    await expectError(await rr.createLead({ email: "x@example.test", roundRobinId: foreign }), 400, "VALIDATION_ERROR");
    await expectError(await rr.createLead({ email: "x@example.test", roundRobinId: crypto.randomUUID() }), 400, "VALIDATION_ERROR");
    await expectError(await rr.createLead({ email: "x@example.test", roundRobinId: foreign, assignedToId: agents[0]!.userId }), 400, "VALIDATION_ERROR");
    expect(await t.db.lead.count()).toBe(before);
  });

  it("an explicit assignedToId skips routing and leaves every pointer alone", async () => {
    const pool = await rr.createPool({ participantIds: [agents[0]!.userId, agents[1]!.userId] });
    const lead = await leadThrough(pool, { assignedToId: agents[3]!.userId });
    expect(lead).toMatchObject({ assignedToId: agents[3]!.userId, roundRobinId: null });
    expect(await pointerOf(pool)).toBe(1);
    expect(await t.db.roundRobinAssignment.count({ where: { roundRobinId: pool } })).toBe(0);
  });
});

describe("concurrent arrivals", () => {
  it("200 leads from 8 writers through a pool of 4 give exactly 50 each, in rotation order", async () => {
    const pool = await rr.createPool({ participantIds: agents.map((a) => a.userId) });
    let next = 0;
    const writer = async () => {
      while (next < 200) {
        next++;
        await leadThrough(pool);
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));

    const rows = await t.db.roundRobinAssignment.findMany({ where: { roundRobinId: pool }, orderBy: [{ createdAt: "asc" }] });
    expect(rows).toHaveLength(200);
    const perUser = new Map<string, number>();
    for (const row of rows) perUser.set(row.assignedUserId, (perUser.get(row.assignedUserId) ?? 0) + 1);
    expect([...perUser.values()]).toEqual([50, 50, 50, 50]);
    // Each turn's pointer is the one the previous turn left: the chain of turns has no repeat and no gap.
    const chain = rows.map((row) => JSON.parse(row.metadata!) as { pointerBefore: number; pointerAfter: number });
    const befores = chain.map((c) => c.pointerBefore).sort();
    expect(befores.filter((p) => p === 1)).toHaveLength(50);
    // In history order (taken under the lock), turnOrders follow 1,2,3,4,1,… except where two share a millisecond.
    const breaks = rows.filter((row, i) => {
      if (i === 0) return row.turnOrder !== 1;
      const previous = rows[i - 1]!;
      return row.turnOrder !== (previous.turnOrder % 4) + 1 && row.createdAt.getTime() !== previous.createdAt.getTime();
    });
    expect(breaks).toEqual([]);
    expect(await pointerOf(pool)).toBe(1);
  }, 120_000);
});

describe("a turn whose lead is not written", () => {
  it("is given back: a lead refused after its pool turn was taken moves no pointer and leaves no history", async () => {
    const [a, b] = agents;
    const pool = await rr.createPool({ participantIds: [a!.userId, b!.userId] });
    expect((await leadThrough(pool)).assignedToId).toBe(a!.userId);
    // A stage of no organization: refused after routing has taken b's turn.
    const refused = await rr.createLead({ email: "refused@example.test", roundRobinId: pool, stageId: "00000000-0000-4000-8000-000000000000" });
    expect(refused.status).toBe(400);
    expect(await pointerOf(pool)).toBe(2);
    expect(await t.db.roundRobinAssignment.count({ where: { roundRobinId: pool } })).toBe(1);
    expect((await leadThrough(pool)).assignedToId).toBe(b!.userId);
  });
});

describe("a routing failure never refuses a lead", () => {
  it("creates the lead unassigned when the pool stays locked past the lock timeout (savepoint rolled back)", async () => {
    const pool = await rr.createPool({ participantIds: [agents[0]!.userId] });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "RoundRobinPool" WHERE id = ${pool}::uuid FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 120_000 }, // a backstop: the test releases the lock itself
    );
    await isLocked;
    try {
      const creating = leadThrough(pool);
      let answered = false;
      void creating.then(
        () => (answered = true),
        () => (answered = true),
      );
      // It waits on the pool's lock (it does not give up at once) for as long as PostgreSQL's lock timeout, seen
      // from PostgreSQL itself; then it is answered while the lock is still held, so the timeout ended the wait.
      // The poll has the two seconds of that wait to see it once.
      await expect
        .poll(async () => {
          if (answered) throw new Error("answered before it was seen waiting on the pool's lock");
          const [waiting] = await t.db.$queryRaw<{ count: number }[]>`
            SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%"RoundRobinPool"%FOR NO KEY UPDATE%'`;
          return waiting!.count;
        }, { interval: 20 })
        .toBe(1);
      const lead = await creating;
      expect(lead).toMatchObject({ assignedToId: null, roundRobinId: null });
    } finally {
      release();
      await holder;
    }
    expect(await pointerOf(pool)).toBe(1);
    expect(await t.db.roundRobinAssignment.count({ where: { roundRobinId: pool } })).toBe(0);
  }, 60_000);
});
