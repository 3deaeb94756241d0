import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { decryptSecret } from "../../server/crypto/secret-box";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { runDeferredJob } from "../../server/jobs/deferred/run-deferred-job";
import { META_LEADS_WEBHOOK_PATH } from "../../server/lead-sources/meta-leads-settings";
import { rejection, sessionCaller } from "../dashboard/callers";
import { leadgenPayload, signed, startFakeMetaGraph, type FakeMetaGraph, type FakePage } from "../fakes/meta-graph";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { createManualClock } from "../webhooks/support/manual-clock";

/**
 * Settings → Lead sources with Meta Lead Ads, against a loopback Graph API
 * that enforces Meta's published rules: connecting a page (token checked,
 * app installed for `leadgen`, token sealed), the webhook's handshake and
 * signature, each notification fetched by a background job and turned into
 * one lead through the leads' own create (mapped answers, ad ids for
 * routing, one lead however often Meta delivers), and an expired token
 * marking the page as needing reconnection.
 */
const t = useApiTest();
const APP_SECRET = "test-meta-app-secret";
const VERIFY_TOKEN = "test-meta-verify-token";
let graph: FakeMetaGraph;
const driver = () => new EmbeddedDriver({ db: t.db, clock: createManualClock().clock, jobs: [runDeferredJob] });
const owner = () => sessionCaller(t.db, t.org.ownerId, t.org.id);
const webhookUrl = () => `${t.server.baseUrl}${META_LEADS_WEBHOOK_PATH}`;

function configure() {
  configureForTests({
    META_APP_ID: "1234567890",
    META_APP_SECRET: APP_SECRET,
    META_LEADS_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_GRAPH_BASE_URL: graph.baseUrl,
    WHATSAPP_GRAPH_VERSION: "v24.0",
  });
}

beforeAll(async () => {
  graph = await startFakeMetaGraph();
  graph.webhook = { url: webhookUrl(), appSecret: APP_SECRET };
});
afterAll(async () => {
  configureForTests({ META_APP_ID: undefined, META_APP_SECRET: undefined, META_LEADS_VERIFY_TOKEN: undefined });
  await graph.close();
});
beforeEach(() => configure());

async function connect(overrides: Partial<FakePage> = {}) {
  const page = graph.addPage(overrides);
  const connected = await (await owner()).leadSources.connect({ pageId: page.pageId, accessToken: page.token });
  return { page, connected };
}

const typicalAnswers = [
  { name: "full_name", values: ["María José Fernández"] },
  { name: "email", values: ["MJ.Fernandez@Example.test"] },
  { name: "phone_number", values: ["+5215512345678"] },
  { name: "city", values: ["Guadalajara"] },
  { name: "presupuesto", values: ["3 a 5 millones"] },
];

describe("when the server has no Meta app", () => {
  it("says so on the page, refuses to connect and answers the webhook 404", async () => {
    configureForTests({ META_APP_ID: undefined, META_APP_SECRET: undefined, META_LEADS_VERIFY_TOKEN: undefined });
    const caller = await owner();
    expect((await caller.leadSources.pages()).configured).toBe(false);
    const refused = await rejection(caller.leadSources.connect({ pageId: "123456789012345", accessToken: "EAAGxxxxxxxxxxxxxxxxxxxxxxxx" }));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("META_APP_ID");
    const hook = await fetch(`${webhookUrl()}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`);
    expect(hook.status).toBe(404);
  });
});

describe("the webhook", () => {
  it("answers Meta's verification handshake only with our verify token", async () => {
    const ok = await fetch(`${webhookUrl()}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"]);
    const wrong = await fetch(`${webhookUrl()}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
  });

  it("refuses a body without a valid signature and records nothing", async () => {
    const { page } = await connect();
    const lead = graph.submitForm(page.pageId, { fieldData: typicalAnswers });
    const body = JSON.stringify(leadgenPayload(lead));
    for (const signature of [null, signed(body, "another-secret"), signed(body + " ", APP_SECRET)]) {
      const response = await fetch(webhookUrl(), {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(signature ? { "X-Hub-Signature-256": signature } : {}) },
        body,
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    }
    expect(await t.db.adLeadDelivery.count({ where: { leadgenId: lead.id } })).toBe(0);
  });
});

describe("connecting a page", () => {
  it("checks the token with Meta, installs the app for leadgen and seals the token", async () => {
    const { page, connected } = await connect({ name: "Residencial Los Olivos" });
    expect(connected).toMatchObject({ pageId: page.pageId, pageName: "Residencial Los Olivos", status: "connected", leadsReceived: 0 });
    expect(connected.fieldMapping).toMatchObject({ full_name: "fullName", email: "email", phone_number: "phone", city: "city" });
    expect(graph.subscribedPages.has(page.pageId)).toBe(true);
    const calls = graph.requests.filter((r) => r.path.includes(page.pageId));
    expect(calls.map((r) => `${r.path.split("?")[0]}`)).toEqual([`/v24.0/${page.pageId}`, `/v24.0/${page.pageId}/subscribed_apps`]);
    expect(calls.every((r) => r.authorization === `Bearer ${page.token}` && !r.path.includes(page.token))).toBe(true);
    const row = await t.db.adPageConnection.findUniqueOrThrow({ where: { id: connected.id } });
    expect(row.accessTokenCiphertext).not.toContain(page.token);
    expect(decryptSecret(row.accessTokenCiphertext)).toBe(page.token);
    expect(JSON.stringify(await (await owner()).leadSources.pages())).not.toContain(page.token);
  });

  it("names what Meta refused: a token without pages_manage_metadata, a token of another page", async () => {
    const weak = graph.addPage({ permissions: ["leads_retrieval"] });
    const caller = await owner();
    const refused = await rejection(caller.leadSources.connect({ pageId: weak.pageId, accessToken: weak.token }));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("pages_manage_metadata");
    const other = graph.addPage();
    const wrongToken = await rejection(caller.leadSources.connect({ pageId: other.pageId, accessToken: weak.token }));
    expect(wrongToken.status).toBe(400);
    expect(await t.db.adPageConnection.count({ where: { pageId: { in: [weak.pageId, other.pageId] } } })).toBe(0);
  });

  it("is for owners and admins", async () => {
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const caller = await sessionCaller(t.db, member.userId, t.org.id);
    expect((await rejection(caller.leadSources.pages())).status).toBe(403);
  });
});

describe("a lead from an ad form", () => {
  it("is fetched in the background, mapped, routed by its ad ids and created once however often Meta delivers it", async () => {
    const { page, connected } = await connect();
    const agent = await seedMember(t.db, t.org.id, { name: "Paula Ríos" });
    const lead = graph.submitForm(page.pageId, { fieldData: typicalAnswers });
    const pool = await t.server.api("/round-robin", {
      token: t.org.key,
      method: "POST",
      json: { name: "Formulario Olivos", participantIds: [agent.userId], connections: [{ source: "adplatform", adplatformFormId: lead.formId }] },
    });
    expect(pool.status).toBe(201);

    expect(await graph.notify(lead)).toBe(200);
    expect(await graph.notify(lead)).toBe(200); // Meta retries: at least once
    expect(await driver().runDue()).toBe(1);
    expect(await graph.notify(lead)).toBe(200); // even after the lead exists
    await driver().runDue();

    const created = await t.db.lead.findMany({ where: { organizationId: t.org.id, sourceMetadata: { path: ["leadgenId"], equals: lead.id } } });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      firstName: "María",
      lastName: "José Fernández",
      email: "mj.fernandez@example.test",
      phone: "+5215512345678",
      city: "Guadalajara",
      source: "adplatform",
      externalId: lead.id,
      customFields: { presupuesto: "3 a 5 millones" },
      sourceMetadata: {
        provider: "meta",
        leadgenId: lead.id,
        adplatformPageId: page.pageId,
        adplatformFormId: lead.formId,
        adplatformAdId: lead.adId,
        adplatformCampaignId: lead.campaignId,
      },
      assignedToId: agent.userId,
    });
    const readLead = graph.requests.filter((r) => r.path.startsWith(`/v24.0/${lead.id}`));
    expect(readLead).toHaveLength(1);
    const overview = await (await owner()).leadSources.pages();
    expect(overview.pages.find((p) => p.id === connected.id)).toMatchObject({ leadsReceived: 1 });
    const events = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.created" } });
    expect(events.filter((e) => e.body.includes(lead.id))).toHaveLength(1);
  });

  it("follows the page's mapping", async () => {
    const { page, connected } = await connect();
    await (await owner()).leadSources.updateMapping({ connectionId: connected.id, fieldMapping: { city: "ignore", presupuesto: "notes" } });
    const lead = graph.submitForm(page.pageId, { fieldData: typicalAnswers });
    await graph.notify(lead);
    await driver().runDue();
    const created = await t.db.lead.findFirstOrThrow({ where: { organizationId: t.org.id, sourceMetadata: { path: ["leadgenId"], equals: lead.id } } });
    expect(created).toMatchObject({ city: null, notes: "3 a 5 millones", customFields: null, email: "mj.fernandez@example.test" });
    const refused = await rejection((await owner()).leadSources.updateMapping({ connectionId: connected.id, fieldMapping: { city: "nowhere" as never } }));
    expect(refused.status).toBe(400);
  });

  it("marks the page as needing reconnection when Meta says its token expired, and Settings shows why", async () => {
    const { page, connected } = await connect();
    graph.expireToken(page.token);
    const lead = graph.submitForm(page.pageId, { fieldData: typicalAnswers });
    await graph.notify(lead);
    await driver().runDue();
    const shown = (await (await owner()).leadSources.pages()).pages.find((p) => p.id === connected.id);
    expect(shown).toMatchObject({ status: "reconnect_required", statusReason: "Error validating access token: Session has expired." });
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, sourceMetadata: { path: ["leadgenId"], equals: lead.id } } })).toBe(0);
    const delivery = await t.db.adLeadDelivery.findFirstOrThrow({ where: { leadgenId: lead.id } });
    expect(delivery.error).toContain("expired");

    // Reconnected with a new token, the page is well again and the lead that waited arrives.
    const renewed = "EAAG" + "r".repeat(40);
    graph.renewToken(page.pageId, renewed);
    const reconnected = await (await owner()).leadSources.connect({ pageId: page.pageId, accessToken: renewed });
    expect(reconnected).toMatchObject({ status: "connected", statusReason: null });
    await driver().runDue();
    expect(await t.db.lead.count({ where: { organizationId: t.org.id, externalId: lead.id } })).toBe(1);
  });

  it("ignores notifications of pages nobody connected", async () => {
    const stranger = graph.addPage();
    const lead = graph.submitForm(stranger.pageId, { fieldData: typicalAnswers });
    const body = JSON.stringify(leadgenPayload(lead));
    const response = await fetch(webhookUrl(), { method: "POST", headers: { "X-Hub-Signature-256": signed(body, APP_SECRET) }, body });
    expect([response.status, await response.json()]).toEqual([200, { received: 0 }]);
  });
});
