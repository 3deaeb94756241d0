import { describe, expect, it } from "vitest";
import { rejection, sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { roundRobinApi, type Json } from "./helpers";

const t = useApiTest();
const rr = roundRobinApi(t);

/**
 * The routing form's preview (dashboard door): which of the newest leads a
 * connection being edited would match, by the router's own rule, before it is
 * saved — the "Ad platform" connection that misses leads sent with source
 * "advertising" shows it.
 */
describe("previewing a connection against the newest leads", () => {
  it("names the leads the connection would take and leaves out those it would miss; nothing is assigned", async () => {
    const other = await seedOrganization(t.db);
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const campaign = { utm_campaign: "preventa-2026" };
    const fromAds: Json = await (await rr.createLead({ firstName: "Lucía", lastName: "Fernández", email: "lucia@example.test", source: "adplatform", customFields: campaign })).json();
    await (await rr.createLead({ firstName: "Mateo", email: "mateo@example.test", source: "advertising", customFields: campaign })).json();
    await (await rr.createLead({ firstName: "Sofía", email: "sofia@example.test", source: "adplatform", customFields: { utm_campaign: "otra" } })).json();
    // Another organization's matching lead is never read.
    const foreign = await t.server.api("/leads", { method: "POST", token: other.key, json: { firstName: "Ajena", email: "ajena@example.test", source: "adplatform", customFields: campaign } });
    expect(foreign.status).toBe(201);

    const preview = await owner.roundRobin.previewConnection({ connection: { source: "adplatform", utmCampaign: "preventa-2026" } });
    expect(preview.checked).toBe(3);
    expect(preview.matches).toEqual([{ leadId: fromAds.id, leadName: "Lucía Fernández", fields: ["utmCampaign"] }]);

    // The same campaign on a plain webhook connection takes both, whatever their source.
    const anySource = await owner.roundRobin.previewConnection({ connection: { source: "webhook", utmCampaign: "preventa-2026" } });
    expect(anySource.matches.map((m) => m.leadName).sort()).toEqual(["Lucía Fernández", "Mateo"]);

    const stored = await t.db.lead.findMany({ where: { organizationId: t.org.id }, select: { assignedToId: true } });
    expect(stored.every((lead) => lead.assignedToId === null)).toBe(true);
  });

  it("is for those who edit pools: a member is refused", async () => {
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const caller = await sessionCaller(t.db, member.userId, t.org.id);
    expect((await rejection(caller.roundRobin.previewConnection({ connection: { source: "webhook" } }))).code).toBe("FORBIDDEN");
  });
});
