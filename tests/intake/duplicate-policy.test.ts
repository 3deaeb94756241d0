import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { observeEvents } from "../support/observe-events";
import { body, leadsApi, recordedLeadEvents, type Lead } from "../leads/helpers";

const t = useApiTest({ organization: false });

interface Candidate {
  leadId: string;
  reason: string;
  reasons: string[];
  score: number;
  flaggedAtCreate: boolean;
}

describe("the duplicate check on create, by the organization's policy", () => {
  it("suggest (the default): finds same phone in E.164, Gmail's own e-mail rules, folded name and company", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    await t.db.organization.update({ where: { id: org.id }, data: { defaultCountry: "MX" } });
    const api = leadsApi(t.server, org.key);
    const first = await api.createFull({ firstName: "José", lastName: "Pérez", company: "Inmobiliaria  Sol", email: "jose.perez@gmail.com", phone: "+52 55 1234 5678" });
    const byPhone = await api.createFull({ phone: "55 1234 5678" });
    const byEmail = await api.createFull({ email: "JosePerez+feria@googlemail.com" });
    const byName = await api.createFull({ firstName: "jose", lastName: "PEREZ", company: "inmobiliaria sol", email: "otro@example.test" });
    const notGmail = await api.createFull({ email: "jose.perez+x@example.test" });
    const unrelated = await api.createFull({ firstName: "José", lastName: "Pérez", email: "someone@example.test" });

    const of = async (lead: Lead) => (await body<{ data: Candidate[] }>(await t.server.api(`/leads/${lead.id}/duplicates`, { token: org.key }), 200)).data;
    expect(await of(byPhone)).toMatchObject([{ leadId: first.id, reason: "same_phone", score: 90, flaggedAtCreate: true }]);
    expect(await of(byEmail)).toMatchObject([{ leadId: first.id, reason: "same_email", flaggedAtCreate: true }]);
    expect(await of(byName)).toMatchObject([{ leadId: first.id, reason: "similar_name_and_company", score: 60 }]);
    expect(await of(notGmail)).toEqual([]);
    expect(await of(unrelated)).toEqual([]);
    const ofFirst = await of(first);
    expect(ofFirst.map((c) => c.leadId).sort()).toEqual([byPhone.id, byEmail.id, byName.id].sort());
    expect(ofFirst.every((c) => !c.flaggedAtCreate)).toBe(true);
  });

  it("auto_merge: a new lead with the phone or e-mail of an existing one is merged into it, undoably", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    await t.db.organization.update({ where: { id: org.id }, data: { duplicatePolicy: "auto_merge" } });
    await observeEvents(t.db, org.id);
    const api = leadsApi(t.server, org.key);
    const existing = await api.createFull({ firstName: "Camila", email: "camila@example.test" });
    const created = await body<{ id: string }>(await api.create({ email: "Camila@Example.test", phone: "+57 300 123 4567" }), 201);
    expect(created.id).toBe(existing.id);
    const lead = await body<Lead>(await api.get(existing.id), 200);
    expect(lead.phone).toBe("+57 300 123 4567");
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(1);
    const types = (await recordedLeadEvents(t.db, org.id)).map((e) => e.type);
    expect(types).toEqual(["lead.created", "lead.created", "lead.merged"]);

    // Only exact contact matches merge: the same name and company alone is left as a suggestion.
    const sameName = await api.createFull({ firstName: "Camila", company: "Casa", phone: "+57 300 000 0001" });
    const twin = await body<{ id: string }>(await api.create({ firstName: "camila", company: "casa", email: "c2@example.test" }), 201);
    expect(twin.id).not.toBe(sameName.id);
  });

  it("off: no check at create", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    await t.db.organization.update({ where: { id: org.id }, data: { duplicatePolicy: "off" } });
    const api = leadsApi(t.server, org.key);
    await api.createFull({ email: "same@example.test" });
    await api.createFull({ email: "same@example.test" });
    expect(await t.db.leadDuplicateCandidate.count({ where: { organizationId: org.id } })).toBe(0);
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(2);
  });

  it("suggest records at create exactly the candidates, reasons and scores the live list finds, the rules' agreement scored", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const api = leadsApi(t.server, org.key);
    const a = await api.createFull({ firstName: "Ana", lastName: "Ruiz", company: "Mar", email: "ana@example.test", phone: "+34 600 000 001" });
    const b = await api.createFull({ firstName: "Ana", lastName: "Ruiz", company: "Mar", email: "ana.ruiz@example.test" });
    const c = await api.createFull({ email: "ana@example.test", phone: "+34 600 000 002" });
    const d = await api.createFull({ firstName: "ana", lastName: "ruiz", company: "mar", email: "ana@example.test", phone: "+34 600 000 001" });

    const listed = (await body<{ data: Candidate[] }>(await t.server.api(`/leads/${d.id}/duplicates`, { token: org.key }), 200)).data;
    const recorded = await t.db.leadDuplicateCandidate.findMany({ where: { leadId: d.id }, select: { candidateId: true, reason: true, score: true } });
    expect(listed.map((x) => ({ leadId: x.leadId, reason: x.reason, score: x.score }))).toEqual([
      { leadId: a.id, reason: "same_phone", score: 100 },
      { leadId: c.id, reason: "same_email", score: 90 },
      { leadId: b.id, reason: "similar_name_and_company", score: 60 },
    ]);
    expect(listed.every((x) => x.flaggedAtCreate)).toBe(true);
    expect(recorded.map((r) => ({ leadId: r.candidateId, reason: r.reason, score: r.score })).sort((x, y) => y.score - x.score)).toEqual(
      listed.map((x) => ({ leadId: x.leadId, reason: x.reason, score: x.score })),
    );
  });

  it("auto_merge picks the best-scored exact match, then the oldest", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const api = leadsApi(t.server, org.key);
    const byEmail = await api.createFull({ email: "eva@example.test" });
    const byBoth = await api.createFull({ email: "eva@example.test", phone: "+34 600 000 009" });
    await t.db.organization.update({ where: { id: org.id }, data: { duplicatePolicy: "auto_merge" } });
    const created = await body<{ id: string }>(await api.create({ email: "eva@example.test", phone: "+34 600 000 009" }), 201);
    expect(created.id).toBe(byBoth.id);
    expect(created.id).not.toBe(byEmail.id);
    expect(await t.db.leadDuplicateCandidate.count({ where: { organizationId: org.id, leadId: { notIn: [byEmail.id, byBoth.id] } } })).toBe(0);
  });
});
