import { beforeAll, describe, expect, it } from "vitest";
import { inboundTextPayload } from "../fakes/whatsapp-webhook";
import { useMessagingTest } from "../messaging/support/messaging-test";
import { roundRobinApi, seedMembers, type Json } from "./helpers";

/** A lead origin beyond POST /leads: a WhatsApp message from a new number creates a lead, which the round robin routes. */
const m = useMessagingTest({ observeEvents: true });
const { t } = m;
let phoneNumberId: string;

beforeAll(async () => {
  phoneNumberId = (await m.connectSender()).fake.phoneNumberId;
});

describe("leads arriving through WhatsApp", () => {
  it("are routed as system work, recorded with source messaging_app", async () => {
    const [agent] = await seedMembers(t, 1);
    const rr = roundRobinApi(t);
    const pool = await rr.createPool({ name: "WhatsApp", participantIds: [agent!.userId] });
    const from = "50763334444";
    expect((await m.post(inboundTextPayload({ phoneNumberId, from, name: "Rosa Díaz", text: "Hola" }))).status).toBe(200);

    const lead = await t.db.lead.findFirstOrThrow({ where: { organizationId: t.org.id, phoneDigits: from } });
    expect(lead).toMatchObject({ assignedToId: agent!.userId, roundRobinId: pool });
    const history: Json = (await (await rr.assignments(pool)).json()).data[0];
    expect(history).toMatchObject({ leadId: lead.id, source: "messaging_app", turnOrder: 1 });
    const assigned = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.assigned" } });
    const event = assigned.find((e) => JSON.parse(e.body).data.lead.id === lead.id)!;
    expect(event.origin).toBe("system");
    expect(JSON.parse(event.body).data.autoAssigned).toBe(true);
  });
});
