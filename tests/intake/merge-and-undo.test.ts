import { describe, expect, it } from "vitest";
import { newId } from "../../server/ids";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { pruneLeadMergesJob } from "../../server/leads/merge/prune-lead-merges-job";
import { createManualClock } from "../webhooks/support/manual-clock";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { seedWhatsAppConversation } from "../support/messaging-factories";
import { body, expectError, leadsApi, recordedLeadEvents, type Json, type Lead, type Page } from "../leads/helpers";
import { createCatalog, personalLink, type Catalog } from "../sheets/support";

const t = useApiTest({ observeEvents: true });
let catalog: Catalog | undefined;

/** One record of every kind that belongs to a lead, written where the lead's areas keep them. */
async function recordsOf(leadId: string, api: ReturnType<typeof leadsApi>) {
  const orgId = t.org.id;
  const note = await body<{ id: string }>(await api.note(leadId, { content: `Note on ${leadId}` }), 201);
  const call = await body<{ id: string }>(await api.communication(leadId, { type: "call", direction: "outbound", content: "Called" }), 201);
  const { message } = await seedWhatsAppConversation(t.db, orgId, leadId);
  const meeting = await t.db.calendarEventLink.create({
    data: { organizationId: orgId, externalEventId: `evt-${leadId}`, userId: t.org.ownerId, leadId, title: "Visit" },
  });
  const sequence = await t.db.sequence.create({
    data: { id: newId("sequence"), organizationId: orgId, name: `Seq ${leadId}`, criteria: {}, channelConfig: {}, throttle: {} },
  });
  const contact = await t.db.sequenceContact.create({ data: { sequenceId: sequence.id, organizationId: orgId, leadId, position: 1 } });
  const pool = await t.db.roundRobinPool.create({ data: { organizationId: orgId, name: `Pool ${leadId}` } });
  const assignment = await t.db.roundRobinAssignment.create({
    data: { organizationId: orgId, roundRobinId: pool.id, leadId, assignedUserId: t.org.ownerId, source: "webhook", turnOrder: 1 },
  });
  catalog ??= await createCatalog(t.server, t.org.key);
  const sheetLink = await personalLink(t.server, t.org.key, leadId, catalog);
  return { note: note.id, call: call.id, message: message.id, meeting: meeting.id, contact: contact.id, assignment: assignment.id, sheetLink: sheetLink.id };
}

async function ownersOf(records: Awaited<ReturnType<typeof recordsOf>>) {
  return {
    note: (await t.db.leadActivity.findUniqueOrThrow({ where: { id: records.note } })).leadId,
    call: (await t.db.leadActivity.findUniqueOrThrow({ where: { id: records.call } })).leadId,
    message: (await t.db.whatsAppMessage.findUniqueOrThrow({ where: { id: records.message } })).leadId,
    meeting: (await t.db.calendarEventLink.findUniqueOrThrow({ where: { id: records.meeting } })).leadId,
    contact: (await t.db.sequenceContact.findUniqueOrThrow({ where: { id: records.contact } })).leadId,
    assignment: (await t.db.roundRobinAssignment.findUniqueOrThrow({ where: { id: records.assignment } })).leadId,
    sheetLink: (await t.db.sheetLink.findUniqueOrThrow({ where: { id: records.sheetLink } })).leadId,
  };
}

const everyKind = (leadId: string) => ({ note: leadId, call: leadId, message: leadId, meeting: leadId, contact: leadId, assignment: leadId, sheetLink: leadId });

describe("POST /leads/{leadId}/merge and undo", () => {
  it("moves every kind of record to the survivor, hides the duplicates, and undo moves exactly those back", async () => {
    const api = leadsApi(t.server, t.org.key);
    const survivor = await api.createFull({ firstName: "Ana", email: "ana.garcia@gmail.com", customFields: { budget: 120000 } });
    const first = await api.createFull({ firstName: "Ana", lastName: "García", phone: "+52 55 1234 5678", customFields: { rooms: 3 } });
    const second = await api.createFull({ email: "anagarcia+portal@googlemail.com", city: "Puebla" });
    const fromFirst = await recordsOf(first.id, api);
    const fromSecond = await recordsOf(second.id, api);
    const totalBefore = (await body<Page<Lead>>(await api.list(), 200)).pagination.total;

    const merged = await body<{ mergeId: string; lead: Lead & Json; mergedLeadIds: string[] }>(
      await t.server.api(`/leads/${survivor.id}/merge`, {
        token: t.org.key,
        method: "POST",
        json: { duplicateIds: [first.id, second.id], fields: { lastName: first.id } },
      }),
      200,
    );
    expect(merged.mergeId).toMatch(/^mrg_/);
    expect(merged.mergedLeadIds).toEqual([first.id, second.id]);
    expect(merged.lead).toMatchObject({
      id: survivor.id,
      firstName: "Ana",
      lastName: "García",
      email: "ana.garcia@gmail.com",
      phone: "+52 55 1234 5678",
      city: "Puebla",
      customFields: { budget: 120000, rooms: 3 },
    });
    expect(await ownersOf(fromFirst)).toEqual(everyKind(survivor.id));
    expect(await ownersOf(fromSecond)).toEqual(everyKind(survivor.id));

    // Gone from reads, lists, searches and counts; the old id names the survivor.
    expect(await expectError(await api.get(first.id), 404, "NOT_FOUND")).toContain(survivor.id);
    expect(await expectError(await api.note(second.id, { content: "late" }), 404, "NOT_FOUND")).toContain(survivor.id);
    expect((await body<Page<Lead>>(await api.list(), 200)).pagination.total).toBe(totalBefore - 2);
    const found = await body<{ data: { id: string }[] }>(await api.search("?phone=5512345678"), 200);
    expect(found.data.map((lead) => lead.id)).toEqual([survivor.id]);

    const events = (await recordedLeadEvents(t.db, t.org.id)).filter((e) => e.type === "lead.merged" || e.type === "lead.deleted");
    expect(events.map((e) => e.type)).toEqual(["lead.merged"]);
    expect(events[0]!.body.data).toMatchObject({ mergedLeadIds: [first.id, second.id], mergeId: merged.mergeId, lead: { id: survivor.id } });
    const timeline = await body<Page<{ content: string; changes: Json | null }>>(await api.activities(survivor.id, "?activityScope=system"), 200);
    expect(timeline.data[0]).toMatchObject({ content: "Merged 2 duplicate leads into this one", changes: { merge: { from: null, to: merged.mergeId } } });

    // Added to the survivor after the merge: stays there on undo.
    const later = await body<{ id: string }>(await api.note(survivor.id, { content: "After the merge" }), 201);

    const undone = await body<{ lead: Lead & Json; restoredLeads: (Lead & Json)[] }>(
      await t.server.api(`/leads/${survivor.id}/merges/${merged.mergeId}/undo`, { token: t.org.key, method: "POST" }),
      200,
    );
    expect(undone.lead).toMatchObject({ id: survivor.id, lastName: null, phone: null, city: null, customFields: { budget: 120000 } });
    expect(undone.restoredLeads.map((lead) => lead.id)).toEqual([first.id, second.id]);
    expect(await ownersOf(fromFirst)).toEqual(everyKind(first.id));
    expect(await ownersOf(fromSecond)).toEqual(everyKind(second.id));
    expect((await t.db.leadActivity.findUniqueOrThrow({ where: { id: later.id } })).leadId).toBe(survivor.id);
    expect(await body<Lead>(await api.get(first.id), 200)).toMatchObject({ lastName: "García", phone: "+52 55 1234 5678", createdAt: first.createdAt });
    expect((await body<Page<Lead>>(await api.list(), 200)).pagination.total).toBe(totalBefore);
    const unmerged = (await recordedLeadEvents(t.db, t.org.id)).filter((e) => e.type === "lead.unmerged" || e.type === "lead.created");
    expect(unmerged.at(-1)!.type).toBe("lead.unmerged");

    await expectError(await t.server.api(`/leads/${survivor.id}/merges/${merged.mergeId}/undo`, { token: t.org.key, method: "POST" }), 409, "CONFLICT");
  });

  it("refuses bad requests with the error envelope and writes nothing", async () => {
    const api = leadsApi(t.server, t.org.key);
    const a = await api.createFull({ email: "bad-a@example.test" });
    const b = await api.createFull({ email: "bad-b@example.test" });
    const merge = (leadId: string, json: Json) => t.server.api(`/leads/${leadId}/merge`, { token: t.org.key, method: "POST", json });
    await expectError(await merge(a.id, { duplicateIds: [] }), 400, "VALIDATION_ERROR");
    await expectError(await merge(a.id, { duplicateIds: [b.id, b.id] }), 400, "VALIDATION_ERROR");
    await expectError(await merge(a.id, { duplicateIds: [a.id] }), 400, "VALIDATION_ERROR");
    await expectError(await merge(a.id, { duplicateIds: [b.id], fields: { email: "lead_000000000000000000000000" } }), 400, "VALIDATION_ERROR");
    await expectError(await merge(a.id, { duplicateIds: Array.from({ length: 10 }, () => newId("lead")) }), 400, "VALIDATION_ERROR");
    await expectError(await merge(a.id, { duplicateIds: [newId("lead")] }), 404, "NOT_FOUND");
    await expectError(await t.server.api(`/leads/${a.id}/merges/mrg_nope/undo`, { token: t.org.key, method: "POST" }), 404, "NOT_FOUND");
    expect(await t.db.lead.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
    expect(await t.db.leadMerge.count({ where: { survivorId: a.id } })).toBe(0);
  });

  it("an undo after 30 days is refused", async () => {
    const api = leadsApi(t.server, t.org.key);
    const a = await api.createFull({ email: "old-a@example.test" });
    const b = await api.createFull({ email: "old-b@example.test" });
    const merged = await body<{ mergeId: string }>(
      await t.server.api(`/leads/${a.id}/merge`, { token: t.org.key, method: "POST", json: { duplicateIds: [b.id] } }),
      200,
    );
    await t.db.leadMerge.update({ where: { id: merged.mergeId }, data: { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) } });
    await expectError(await t.server.api(`/leads/${a.id}/merges/${merged.mergeId}/undo`, { token: t.org.key, method: "POST" }), 400, "BAD_REQUEST");
  });

  it("the scheduled job drops snapshots past the 30 days; the merge and its 404 stay", async () => {
    const api = leadsApi(t.server, t.org.key);
    const a = await api.createFull({ email: "prune-a@example.test" });
    const b = await api.createFull({ email: "prune-b@example.test" });
    const merged = await body<{ mergeId: string }>(
      await t.server.api(`/leads/${a.id}/merge`, { token: t.org.key, method: "POST", json: { duplicateIds: [b.id] } }),
      200,
    );
    const manual = createManualClock();
    const driver = new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [pruneLeadMergesJob] });
    const due = { jobId: pruneLeadMergesJob.id, nextRunAt: manual.clock() };
    await t.db.jobSchedule.upsert({ where: { jobId: due.jobId }, create: due, update: due });
    expect(await driver.runScheduled()).toEqual(["prune-lead-merges"]);
    expect((await t.db.leadMerge.findUniqueOrThrow({ where: { id: merged.mergeId } })).snapshot).not.toBeNull();

    manual.advance(31 * 24 * 3_600_000);
    await t.db.jobSchedule.update({ where: { jobId: due.jobId }, data: { nextRunAt: manual.clock() } });
    expect(await driver.runScheduled()).toEqual(["prune-lead-merges"]);
    expect((await t.db.leadMerge.findUniqueOrThrow({ where: { id: merged.mergeId } })).snapshot).toBeNull();
    expect(await expectError(await api.get(b.id), 404, "NOT_FOUND")).toContain(a.id);
  });

  it("a member under `own` visibility cannot merge a lead they may not see: 404, nothing written", async () => {
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const { seedOAuthToken } = await import("../support/factories");
    const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: member.userId });
    const api = leadsApi(t.server, t.org.key);
    const mine = await api.createFull({ phone: "+34 600 111 222", assignedToId: member.userId });
    const theirs = await api.createFull({ phone: "+34600111222", assignedToId: t.org.ownerId });
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "own" } });
    try {
      const asMember = leadsApi(t.server, token);
      const listed = await body<{ data: { leadId: string }[] }>(await t.server.api(`/leads/${mine.id}/duplicates`, { token }), 200);
      expect(listed.data).toEqual([]);
      const asOwner = await body<{ data: { leadId: string; reason: string }[] }>(await t.server.api(`/leads/${mine.id}/duplicates`, { token: t.org.key }), 200);
      expect(asOwner.data).toMatchObject([{ leadId: theirs.id, reason: "same_phone" }]);
      await expectError(await t.server.api(`/leads/${mine.id}/merge`, { token, method: "POST", json: { duplicateIds: [theirs.id] } }), 404, "NOT_FOUND");
      await expectError(await t.server.api(`/leads/${theirs.id}/duplicates`, { token }), 404, "NOT_FOUND");
      expect((await body<Lead>(await asMember.get(mine.id), 200)).id).toBe(mine.id);
      expect(await t.db.lead.count({ where: { id: { in: [mine.id, theirs.id] } } })).toBe(2);
    } finally {
      await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "all" } });
    }
  });

  it("the 404 of a merged-away id names the survivor only to a caller who may see it", async () => {
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const { seedOAuthToken } = await import("../support/factories");
    const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: member.userId });
    const api = leadsApi(t.server, t.org.key);
    const kept = await api.createFull({ email: "valeria.rios@example.com", assignedToId: t.org.ownerId });
    const gone = await api.createFull({ email: "Valeria.Rios@example.com", assignedToId: member.userId });
    await body(await t.server.api(`/leads/${kept.id}/merge`, { token: t.org.key, method: "POST", json: { duplicateIds: [gone.id] } }), 200);
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "own" } });
    try {
      // The member's old lead now lives on in the owner's, which the member may not see: a plain 404.
      const hidden = await expectError(await t.server.api(`/leads/${gone.id}`, { token }), 404, "NOT_FOUND");
      expect(hidden).not.toContain(kept.id);
      // Handed to the member, the survivor is in sight again and the old id points to it.
      await body(await t.server.api(`/leads/${kept.id}`, { token: t.org.key, method: "PUT", json: { assignedToId: member.userId } }), 200);
      expect(await expectError(await t.server.api(`/leads/${gone.id}`, { token }), 404, "NOT_FOUND")).toContain(kept.id);
    } finally {
      await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "all" } });
    }
  });
});
