import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOrganization, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { deferredJobKinds } from "../../server/jobs/deferred/kinds";
import { deferredJobRunner } from "../../server/jobs/deferred/run-deferred-job";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { createManualClock } from "../webhooks/support/manual-clock";
import { body, leadsApi, type Json, type Lead } from "../leads/helpers";

/**
 * `notifyOwner`: projects, settings, leads and units written over REST, the
 * matching job run by the embedded driver, and the owner's notices read
 * where the bell reads them.
 */
const t = useApiTest();
let api: ReturnType<typeof leadsApi>;
let agent: Awaited<ReturnType<typeof seedMember>>;
let other: SeededOrganization;

const runner = deferredJobRunner(deferredJobKinds);
async function runJobs(): Promise<void> {
  const driver = new EmbeddedDriver({ db: t.db, clock: createManualClock().clock, jobs: [runner] });
  for (let round = 0; round < 20 && (await driver.runDue()) > 0; round++);
}
async function createProject(json: Json, token = t.org.key): Promise<{ id: string }> {
  return body<{ id: string }>(await t.server.api("/projects", { token, method: "POST", json }), 201);
}
const addUnit = async (projectId: string, json: Json, token = t.org.key) =>
  body<{ id: string }>(await t.server.api(`/projects/${projectId}/units`, { token, method: "POST", json }), 201);
const setSending = (projectId: string, json: Json, token = t.org.key) =>
  t.server.api(`/projects/${projectId}/match-sending`, { token, method: "PATCH", json });
const noticesOf = (userId: string) =>
  t.db.notification.findMany({ where: { userId, kind: "unit_matched" }, select: { leadId: true, leadName: true, organizationId: true } });

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  agent = await seedMember(t.db, t.org.id, { role: "member" });
  other = await seedOrganization(t.db, { rateLimitExempt: true });
});

describe("a new match notifies the lead's owner", () => {
  it("once per lead per run, only where the project says so, never for unassigned leads", async () => {
    const notifying = await createProject({ name: "Torre Aviso", currency: "CLP" });
    const silent = await createProject({ name: "Torre Silencio", currency: "CLP" });
    expect((await setSending(notifying.id, { notifyOwner: true })).status).toBe(200);

    const owned = await body<Lead>(
      await api.create({ firstName: "María", lastName: "González", email: "maria.gonzalez@example.test", assignedToId: agent.userId, interest: { projectIds: [notifying.id, silent.id] } }),
      201,
    );
    await body<Lead>(await api.create({ email: "nadie@example.test", interest: { projectIds: [notifying.id] } }), 201);
    await runJobs();
    expect(await noticesOf(agent.userId)).toEqual([]);

    await addUnit(silent.id, { name: "S-1", price: 1000 });
    await runJobs();
    expect(await noticesOf(agent.userId)).toEqual([]);

    await addUnit(notifying.id, { name: "A-1201", price: 1000 });
    await runJobs();
    expect(await noticesOf(agent.userId)).toEqual([{ leadId: owned.id, leadName: "María González", organizationId: t.org.id }]);

    // Matching again finds nothing new: no second notice.
    await body(await api.update(owned.id, { interest: { projectIds: [notifying.id] } }), 200);
    await runJobs();
    expect(await noticesOf(agent.userId)).toHaveLength(1);
  });

  it("another organization's setting decides nothing here", async () => {
    const theirs = await createProject({ name: "Torre Ajena", currency: "CLP" }, other.key);
    expect((await setSending(theirs.id, { notifyOwner: true }, other.key)).status).toBe(200);
    const mine = await createProject({ name: "Torre Propia", currency: "CLP" });
    await body<Lead>(await api.create({ firstName: "José", email: "jose.perez@example.test", assignedToId: agent.userId, interest: { projectIds: [mine.id] } }), 201);
    const before = (await noticesOf(agent.userId)).length;
    await addUnit(mine.id, { name: "P-1", price: 1000 });
    await runJobs();
    expect(await noticesOf(agent.userId)).toHaveLength(before);
  });
});
