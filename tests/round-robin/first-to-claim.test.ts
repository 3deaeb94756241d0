import { beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../server/jobs/job-clock";
import { offersFor } from "../../server/round-robin/claim-offers";
import { expireClaimOffers } from "../../server/round-robin/expire-claim-offers";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOAuthToken } from "../support/factories";
import { expectError, roundRobinApi, type Json } from "./helpers";

/**
 * First-to-claim pools through the REST door: a new lead is offered to every
 * eligible participant, the first claim wins and the others get 409, exactly
 * one winner among concurrent claims, and the rotation takes an unclaimed
 * lead once its window runs out (a fixed clock handed to the sweep).
 */
const t = useApiTest({ observeEvents: true });
const rr = roundRobinApi(t);
let reps: { userId: string; token: string; name: string }[] = [];
let outsider: { userId: string; token: string };

const fixed = (at: Date): Clock => () => new Date(at);

async function person(name: string) {
  const seeded = await seedMember(t.db, t.org.id, { name });
  const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: seeded.userId });
  return { userId: seeded.userId, token, name };
}

const claim = (leadId: string, token: string) => t.server.api(`/leads/${leadId}/claim`, { token, method: "POST" });

async function newLead(poolId: string, name: string): Promise<Json> {
  const response = await rr.createLead({ firstName: name, email: `${name.toLowerCase()}.${Math.random().toString(36).slice(2)}@example.test`, roundRobinId: poolId });
  const body: Json = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

beforeAll(async () => {
  reps = [await person("Camila Rojas"), await person("Diego Herrera"), await person("Lucía Fernández")];
  outsider = await person("Mateo Silva");
});

describe("first-to-claim pools", () => {
  it("offer the lead to every eligible participant; the first claim wins (200, assigned, timeline, event), the others get 409", async () => {
    const [camila, diego, lucia] = reps;
    const pool = await rr.createPool({ participantIds: reps.map((r) => r.userId), distribution: "first_to_claim", claimWindowMinutes: 3 });
    await t.db.roundRobinParticipant.updateMany({ where: { roundRobinId: pool, userId: lucia!.userId }, data: { isActive: false } });
    const lead = await newLead(pool, "Valentina");
    expect(lead).toMatchObject({ assignedToId: null, roundRobinId: pool });
    const offers = await offersFor(t.db, { id: lead.id, organizationId: t.org.id });
    expect(offers.map((o) => o.userId).sort()).toEqual([camila!.userId, diego!.userId].sort());
    expect(offers[0]!.expiresAt.getTime() - offers[0]!.offeredAt.getTime()).toBe(3 * 60_000);

    const won = await claim(lead.id, diego!.token);
    const wonBody: Json = await won.json();
    expect(won.status, JSON.stringify(wonBody)).toBe(200);
    expect(wonBody).toMatchObject({ id: lead.id, assignedToId: diego!.userId });
    expect(wonBody.firstTouch.dueAt).not.toBeNull();
    expect(await expectError(await claim(lead.id, camila!.token), 409, "CONFLICT")).toMatch(/already has this lead/);
    // The winner asking again gets the lead again, nothing written twice.
    expect((await claim(lead.id, diego!.token)).status).toBe(200);

    const closed = await offersFor(t.db, { id: lead.id, organizationId: t.org.id });
    expect(Object.fromEntries(closed.map((o) => [o.userId, o.outcome]))).toEqual({ [diego!.userId]: "claimed", [camila!.userId]: "taken" });
    const history = await t.db.roundRobinAssignment.findMany({ where: { leadId: lead.id } });
    expect(history.map((h) => [h.assignedUserId, h.source, JSON.parse(h.metadata!).reason])).toEqual([[diego!.userId, "manual", "claim"]]);
    const events = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.assigned" } });
    expect(events.filter((e) => e.body.includes(lead.id))).toHaveLength(1);
    const timeline: Json = await (await t.server.api(`/leads/${lead.id}/activities?activityScope=all&limit=50`, { token: t.org.key })).json();
    expect(timeline.data.filter((entry: Json) => entry.type === "assigned")).toHaveLength(1);
  });

  it("gives exactly one winner among concurrent claims", async () => {
    const pool = await rr.createPool({ participantIds: reps.map((r) => r.userId), distribution: "first_to_claim" });
    for (let round = 0; round < 5; round++) {
      const lead = await newLead(pool, `Race${round}`);
      const answers = await Promise.all([...reps, ...reps].map((rep) => claim(lead.id, rep.token)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      const winners = new Set(
        (await Promise.all(answers.map(async (a, i) => (a.status === 200 ? [...reps, ...reps][i]!.userId : null)))).filter(Boolean),
      );
      expect(winners.size).toBe(1);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect(await t.db.roundRobinAssignment.count({ where: { leadId: lead.id } })).toBe(1);
      const stored = await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } });
      expect(stored.assignedToId).toBe([...winners][0]);
    }
  });

  it("refuses someone outside the pool (403), an API key (403), and a lead out of sight (404)", async () => {
    const pool = await rr.createPool({ participantIds: [reps[0]!.userId], distribution: "first_to_claim" });
    const lead = await newLead(pool, "Renata");
    await expectError(await claim(lead.id, outsider.token), 403, "FORBIDDEN");
    await expectError(await claim(lead.id, t.org.key), 403, "FORBIDDEN");
    await expectError(await claim("lead_doesnotexist", reps[0]!.token), 404, "NOT_FOUND");
    expect((await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } })).assignedToId).toBeNull();
  });

  it("hands an unclaimed lead to the rotation once its window runs out, once, with two sweeps at once", async () => {
    const [camila, diego] = reps;
    const pool = await rr.createPool({ participantIds: [camila!.userId, diego!.userId], distribution: "first_to_claim", claimWindowMinutes: 5 });
    // Earlier tests' offers out of the way: only this lead's window is open.
    await expireClaimOffers(t.db, fixed(new Date(Date.now() + 86_400_000)));
    const lead = await newLead(pool, "Santiago");
    const [offer] = await offersFor(t.db, { id: lead.id, organizationId: t.org.id });
    expect(await expireClaimOffers(t.db, fixed(new Date(offer!.expiresAt.getTime() - 1_000)))).toBe(0);
    const after = fixed(new Date(offer!.expiresAt.getTime() + 1_000));
    const [one, two] = await Promise.all([expireClaimOffers(t.db, after), expireClaimOffers(t.db, after)]);
    expect(one + two).toBe(1);
    const stored = await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(stored.assignedToId).toBe(camila!.userId);
    const history = await t.db.roundRobinAssignment.findMany({ where: { leadId: lead.id } });
    expect(history.map((h) => [h.assignedUserId, h.source, JSON.parse(h.metadata!).reason])).toEqual([[camila!.userId, "system", "claim_window_expired"]]);
    expect((await offersFor(t.db, { id: lead.id, organizationId: t.org.id })).map((o) => o.outcome)).toEqual(["expired", "expired"]);
    await expectError(await claim(lead.id, diego!.token), 409, "CONFLICT");
    expect(await expireClaimOffers(t.db, after)).toBe(0);
  });

  it("lets a participant claim a lead waiting in the pond of their pool", async () => {
    const pool = await rr.createPool({ participantIds: [reps[1]!.userId, reps[2]!.userId] });
    const lead = await newLead(pool, "Isabella");
    // Released to the pond (as an escalation would).
    await t.db.lead.update({ where: { id: lead.id }, data: { assignedToId: null } });
    // The lead list's "To claim": participants see it, someone outside the pool and a paused participant do not.
    const toClaim = async (token: string) => ((await (await t.server.api("/leads?claim=mine&limit=100", { token })).json()) as Json).data.map((l: Json) => l.id);
    expect(await toClaim(reps[2]!.token)).toContain(lead.id);
    expect(await toClaim(outsider.token)).not.toContain(lead.id);
    await t.db.roundRobinParticipant.updateMany({ where: { roundRobinId: pool, userId: reps[1]!.userId }, data: { isActive: false } });
    expect(await toClaim(reps[1]!.token)).not.toContain(lead.id);
    const claimed = await claim(lead.id, reps[2]!.token);
    expect(claimed.status).toBe(200);
    expect(((await claimed.json()) as Json).assignedToId).toBe(reps[2]!.userId);
    expect(await toClaim(reps[2]!.token)).not.toContain(lead.id);
  });
});
