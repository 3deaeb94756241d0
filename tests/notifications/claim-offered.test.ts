import { beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../server/jobs/job-clock";
import { expireClaimOffers } from "../../server/round-robin/expire-claim-offers";
import { sessionCaller } from "../dashboard/callers";
import { expectError, roundRobinApi, type Json } from "../round-robin/helpers";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOAuthToken } from "../support/factories";

/**
 * `claim_offered` notices, caused through the REST door: a lead arriving in a
 * first-to-claim pool tells each eligible participant once (a paused one is
 * not offered, so not told); once the lead is claimed, or its window runs out
 * and the rotation takes it, nobody's bell keeps counting the offer (the
 * notices stay in the centre, read).
 */
const t = useApiTest();
const rr = roundRobinApi(t);
let reps: { userId: string; token: string }[] = [];

const bell = async (userId: string) => (await sessionCaller(t.db, userId, t.org.id)).notifications.list({});
const claim = (leadId: string, token: string) => t.server.api(`/leads/${leadId}/claim`, { token, method: "POST" });
const offerNotices = async (userId: string, leadId: string) =>
  (await bell(userId)).data.filter((n) => n.kind === "claim_offered" && n.leadId === leadId).map((n) => [n.leadName, n.readAt === null ? "unread" : "read"]);

async function person(name: string) {
  const seeded = await seedMember(t.db, t.org.id, { name });
  const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: seeded.userId });
  return { userId: seeded.userId, token };
}

async function newLead(poolId: string, firstName: string): Promise<Json> {
  const response = await rr.createLead({ firstName, lastName: "Gutiérrez", phone: `+52 55 ${Math.floor(1e7 + Math.random() * 9e7)}`, roundRobinId: poolId });
  const body: Json = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

beforeAll(async () => {
  reps = [await person("Ana Morales"), await person("Bruno Castillo"), await person("Carla Ríos")];
});

describe("claim_offered notices", () => {
  it("tell each eligible participant once; a claim takes the offer out of every bell", async () => {
    const [ana, bruno, carla] = reps;
    const pool = await rr.createPool({ participantIds: reps.map((r) => r.userId), distribution: "first_to_claim" });
    await t.db.roundRobinParticipant.updateMany({ where: { roundRobinId: pool, userId: carla!.userId }, data: { isActive: false } });
    const lead = await newLead(pool, "Sofía");

    expect(await offerNotices(ana!.userId, lead.id)).toEqual([["Sofía Gutiérrez", "unread"]]);
    expect(await offerNotices(bruno!.userId, lead.id)).toEqual([["Sofía Gutiérrez", "unread"]]);
    expect(await offerNotices(carla!.userId, lead.id)).toEqual([]);
    const unreadBefore = (await bell(ana!.userId)).unread;

    expect((await claim(lead.id, bruno!.token)).status).toBe(200);
    expect(await expectError(await claim(lead.id, ana!.token), 409, "CONFLICT")).toMatch(/already has this lead/);
    expect(await offerNotices(ana!.userId, lead.id)).toEqual([["Sofía Gutiérrez", "read"]]);
    expect(await offerNotices(bruno!.userId, lead.id)).toEqual([["Sofía Gutiérrez", "read"]]);
    expect((await bell(ana!.userId)).unread).toBe(unreadBefore - 1);
  });

  it("stop counting once the window runs out and the rotation assigns the lead", async () => {
    const [ana, bruno] = reps;
    const pool = await rr.createPool({ participantIds: [ana!.userId, bruno!.userId], distribution: "first_to_claim", claimWindowMinutes: 5 });
    const lead = await newLead(pool, "Tomás");
    expect(await offerNotices(ana!.userId, lead.id)).toEqual([["Tomás Gutiérrez", "unread"]]);

    const offer = await t.db.leadClaimOffer.findFirstOrThrow({ where: { leadId: lead.id } });
    const later: Clock = () => new Date(offer.expiresAt.getTime() + 1_000);
    await expireClaimOffers(t.db, later);
    for (const rep of [ana!, bruno!]) {
      const notices = await offerNotices(rep.userId, lead.id);
      expect(notices.every(([, state]) => state === "read"), JSON.stringify(notices)).toBe(true);
    }
  });
});
