import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOAuthToken, seedOrganization, seedProject, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError } from "../projects/helpers";

/**
 * A project's match sending through the REST door: the defaults, saving,
 * the rule that a channel in use has its message, owner/admin only, and
 * another organization's project never read or changed.
 */
const t = useApiTest({ organization: false });
let mine: SeededOrganization;
let theirs: SeededOrganization;
let projectId: string;
let theirProjectId: string;

const path = (id: string) => `/projects/${id}/match-sending`;

beforeAll(async () => {
  mine = await seedOrganization(t.db, { rateLimitExempt: true });
  theirs = await seedOrganization(t.db, { rateLimitExempt: true });
  projectId = (await seedProject(t.db, mine.id, { name: "Torre Alameda", units: [{ name: "A-1201", price: 120000 }] })).id;
  theirProjectId = (await seedProject(t.db, theirs.id, { name: "Torre Ajena" })).id;
});

describe("GET /projects/{projectId}/match-sending", () => {
  it("answers the defaults for a project never set: nobody notified, nothing sent", async () => {
    const response = await t.server.api(path(projectId), { token: mine.key });
    expect(response.status).toBe(200);
    const setting = await body(response);
    expect(setting).toMatchObject({
      projectId,
      notifyOwner: false,
      sendToLead: "off",
      whatsApp: { templateName: null, languages: {} },
      email: {},
      canSend: false,
    });
    expect(setting.availableChannels.map((state: { channel: string }) => state.channel)).toEqual(["whatsapp", "email"]);
  });
});

describe("PATCH /projects/{projectId}/match-sending", () => {
  it("saves what it is given and keeps what it is not", async () => {
    let response = await t.server.api(path(projectId), { token: mine.key, method: "PATCH", json: { notifyOwner: true } });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ notifyOwner: true, sendToLead: "off" });

    const email = { es: { subject: "{unit} para ti, {name}", body: "Hola {name}:\n\nMira {unit}: {link}" } };
    response = await t.server.api(path(projectId), { token: mine.key, method: "PATCH", json: { sendToLead: "email", email } });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ notifyOwner: true, sendToLead: "email", email });

    const again = await body(await t.server.api(path(projectId), { token: mine.key }));
    expect(again).toMatchObject({ notifyOwner: true, sendToLead: "email", email, canSend: false });
    expect(await t.db.matchSendingSetting.count({ where: { projectId } })).toBe(1);
  });

  it("refuses sending by a channel without its message, and changes nothing", async () => {
    const response = await t.server.api(path(projectId), { token: mine.key, method: "PATCH", json: { sendToLead: "whatsapp_then_email" } });
    await expectError(response, 400, "VALIDATION_ERROR");
    expect((await body(await t.server.api(path(projectId), { token: mine.key }))).sendToLead).toBe("email");
  });

  it("takes WhatsApp with a template and a language", async () => {
    const json = { sendToLead: "whatsapp_then_email", whatsApp: { templateName: "unidad_nueva", languages: { es: "es", en: "en_US" } } };
    const response = await t.server.api(path(projectId), { token: mine.key, method: "PATCH", json });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject(json);
  });

  it("rejects an unknown mode", async () => {
    const response = await t.server.api(path(projectId), { token: mine.key, method: "PATCH", json: { sendToLead: "sms" } });
    await expectError(response, 400, "VALIDATION_ERROR");
  });
});

describe("who may", () => {
  it("refuses members (403) and lets admins", async () => {
    const member = await seedMember(t.db, mine.id, { role: "member" });
    const memberToken = (await seedOAuthToken(t.db, { organizationId: mine.id, userId: member.userId })).token;
    await expectError(await t.server.api(path(projectId), { token: memberToken }), 403, "FORBIDDEN");
    await expectError(await t.server.api(path(projectId), { token: memberToken, method: "PATCH", json: { notifyOwner: false } }), 403, "FORBIDDEN");

    const admin = await seedMember(t.db, mine.id, { role: "admin" });
    const adminToken = (await seedOAuthToken(t.db, { organizationId: mine.id, userId: admin.userId })).token;
    expect((await t.server.api(path(projectId), { token: adminToken })).status).toBe(200);
  });

  it("answers 404 for another organization's project or a malformed id, and changes nothing", async () => {
    await expectError(await t.server.api(path(theirProjectId), { token: mine.key }), 404, "NOT_FOUND");
    await expectError(await t.server.api(path(theirProjectId), { token: mine.key, method: "PATCH", json: { notifyOwner: true } }), 404, "NOT_FOUND");
    await expectError(await t.server.api(path("prj_nope"), { token: mine.key }), 404, "NOT_FOUND");
    expect(await t.db.matchSendingSetting.count({ where: { projectId: theirProjectId } })).toBe(0);
  });
});
