import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { startAppInstance, type AppInstance } from "../support/spawn-app-instance";
import { createTestDatabase } from "../support/database";
import { connect, seedOrganization, type SeededOrganization } from "../support/factories";
import { bulkInsertLeads } from "../sequences/helpers";
import { startReceiver, type TestReceiver } from "../webhooks/support/receiver";
import { createTestCertificates, type TestCertificates } from "../webhooks/support/tls-fixture";

/**
 * Call sequences dispatched by two app instances on one database, one of
 * them killed (SIGKILL) mid-run: every contact is dispatched, the survivor
 * takes over what the dead instance held once its leases expire (within 20 s
 * of the kill, read on the database clock), and no
 * contact is dispatched twice, except a webhook-dialer call that was on the
 * wire when its instance died (sent, never recorded: the dialer dedupes on
 * its Idempotency-Key). A task-dialer dispatch is one transaction, so even
 * that exception cannot happen: each lead gets exactly one call task.
 */

const ORGANIZATIONS = 2;
const LEADS_PER_ORGANIZATION = 12;
const DIALER_SEQUENCES = 2; // per organization, plus one task-dialer sequence
const DIALER_ANSWERS_AFTER_MS = 800;
const LEASE_MS = 15_000; // JOB_LEASE_MS's default, which the instances run with

let db: Db;
let certs: TestCertificates;
let receiver: TestReceiver;
let env: Record<string, string>;
const instances: AppInstance[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  db = connect(database.url);
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  // The dialer answers slowly, so calls are in flight when an instance dies.
  receiver.respondWith((_call, res) => void setTimeout(() => res.writeHead(200).end("ok"), DIALER_ANSWERS_AFTER_MS));
  env = {
    DATABASE_URL: database.url,
    WEBHOOK_TIMEOUT_MS: "5000",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    WEBHOOK_EXTRA_CA_FILE: certs.caFile,
    INMO_LOG: "silent",
  };
  const started = await Promise.allSettled([startAppInstance("survivor", env), startAppInstance("victim", env)]);
  instances.push(...started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : [])));
  const failure = started.find((result) => result.status === "rejected");
  if (failure) throw failure.reason; // afterAll stops the one that did start
}, 90_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill()));
  await receiver?.close();
  certs?.remove();
  closeIdleConnections();
  await db?.$disconnect();
});

/** A business-hours window that is open now and for hours to come, whatever the time of day the test runs. */
function openNow() {
  const offset = 12 - new Date().getUTCHours(); // a zone where it is about noon
  const timezone = offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
  return { maxPerMinute: 60, businessHoursStart: "00:00", businessHoursEnd: "23:59", timezone, weekdays: [1, 2, 3, 4, 5, 6, 7] };
}

async function post(instance: AppInstance, path: string, token: string, body?: unknown): Promise<{ status: number; body: { id: string } }> {
  const response = await instance.api(path, {
    method: "POST",
    token,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id: string } };
}

interface Seeded {
  org: SeededOrganization;
  dialerSequences: string[];
  taskSequence: string;
}

/** Organizations with callable leads and their sequences (drafts), created through the REST door. */
async function seedSequences(via: AppInstance): Promise<Seeded[]> {
  return Promise.all(
    Array.from({ length: ORGANIZATIONS }, async () => {
      const org = await seedOrganization(db, { rateLimitExempt: true });
      await bulkInsertLeads(db, org.id, LEADS_PER_ORGANIZATION);
      const create = async (name: string, channelConfig?: unknown) => {
        const created = await post(via, "/sequences", org.key, { name, criteria: {}, throttle: openNow(), ...(channelConfig ? { channelConfig } : {}) });
        expect(created.status).toBe(201);
        return created.body.id;
      };
      const dialerSequences = [];
      for (let s = 0; s < DIALER_SEQUENCES; s++) dialerSequences.push(await create(`Dialer ${s}`, { dialer: "webhook", webhookUrl: receiver.url(`/dial/${org.id}/${s}`) }));
      return { org, dialerSequences, taskSequence: await create("Tasks") };
    }),
  );
}

/** Waits until no contact of these sequences is left to dispatch (polling the database, the source of truth). */
async function settled(sequenceIds: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const open = { sequenceId: { in: sequenceIds }, status: { in: ["pending" as const, "scheduled" as const, "in_progress" as const] } };
  while ((await db.sequenceContact.count({ where: open })) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  return db.sequenceContact.findMany({
    where: { sequenceId: { in: sequenceIds } },
    select: { id: true, sequenceId: true, leadId: true, status: true, attempts: true, dispatchedAt: true },
  });
}

describe("two app instances dispatching call sequences", () => {
  it("dispatch every contact once while one is killed mid-run; the other takes over its contacts", { timeout: 120_000 }, async () => {
    const [survivor, victim] = instances as [AppInstance, AppInstance];
    const seeded = await seedSequences(survivor);
    const dialerSequences = seeded.flatMap((s) => s.dialerSequences);
    const all = [...dialerSequences, ...seeded.map((s) => s.taskSequence)];
    for (const { org, dialerSequences: ids, taskSequence } of seeded) {
      for (const id of [...ids, taskSequence]) expect((await post(survivor, `/sequences/${id}/launch`, org.key)).status).toBe(200);
    }

    await victim.waitForStarted(8, 30_000);
    await victim.kill("SIGKILL");
    const [{ now: killedAt }] = await db.$queryRaw<[{ now: Date }]>`SELECT now() AS now`;
    // What the victim held: the runs it reported starting, and — since a claim is made in the database before its
    // run can say so (a SIGKILL can cut that line) — every contact leased at the moment of the kill.
    const leasedAtKill = await db.sequenceContact.findMany({ where: { sequenceId: { in: all }, lockedUntil: { gt: killedAt } }, select: { id: true } });
    const inFlightWhenKilled = new Set([...victim.inFlight(), ...leasedAtKill.map(({ id }) => id)]);
    // Heartbeats keep a lease at most one lease ahead: what the victim held frees itself within 15 s of its death.
    const held = await db.sequenceContact.findMany({ where: { id: { in: [...victim.inFlight()] }, lockedUntil: { not: null } }, select: { id: true, lockedUntil: true } });
    for (const { lockedUntil } of held) expect(lockedUntil!.getTime()).toBeLessThanOrEqual(killedAt.getTime() + LEASE_MS);

    const contacts = await settled(all, 90_000);
    expect(contacts).toHaveLength(all.length * LEADS_PER_ORGANIZATION);
    expect(contacts.filter((contact) => contact.status !== "sent")).toEqual([]);
    // Both instances dispatched, the victim before it died and the survivor after.
    expect(victim.ran.size).toBeGreaterThan(0);
    expect(survivor.ran.size).toBeGreaterThan(0);

    // Webhook dialer: every contact called; a second call only for one the victim had on the wire.
    const calls = new Map<string, number>();
    for (const call of receiver.received) calls.set(String(call.headers["x-service-contact"]), (calls.get(String(call.headers["x-service-contact"])) ?? 0) + 1);
    const dialed = contacts.filter((contact) => dialerSequences.includes(contact.sequenceId));
    for (const contact of dialed) expect(calls.get(contact.id) ?? 0).toBeGreaterThanOrEqual(1);
    const twice = [...calls].filter(([, n]) => n > 1).map(([id]) => id);
    expect(twice.filter((id) => !inFlightWhenKilled.has(id))).toEqual([]);
    expect([...calls.values()].every((n) => n <= 2)).toBe(true);
    // A contact was claimed again only if the victim held it when it died.
    expect(contacts.filter((contact) => contact.attempts !== 1 && !inFlightWhenKilled.has(contact.id))).toEqual([]);
    const retaken = contacts.filter((contact) => inFlightWhenKilled.has(contact.id) && survivor.ran.has(contact.id));
    expect(retaken.length).toBeGreaterThan(0);
    // …and dispatched them once the victim's lease ended (database clock), never while the victim still held them;
    // the lease itself ends at most one lease after the kill (above). No wall-clock bound: a slow machine changes nothing.
    const leaseEnd = new Map(held.map(({ id, lockedUntil }) => [id, lockedUntil!.getTime()]));
    for (const contact of retaken) if (leaseEnd.has(contact.id)) expect(contact.dispatchedAt!.getTime()).toBeGreaterThanOrEqual(leaseEnd.get(contact.id)!);

    // Task dialer: exactly one call task per lead, on the timeline once.
    for (const { org, taskSequence } of seeded) {
      const tasks = contacts.filter((contact) => contact.sequenceId === taskSequence);
      expect(tasks).toHaveLength(LEADS_PER_ORGANIZATION);
      const notes = await db.leadActivity.groupBy({
        by: ["leadId"],
        where: { organizationId: org.id, type: "call", leadId: { in: tasks.map((contact) => contact.leadId) } },
        _count: { _all: true },
      });
      expect(notes).toHaveLength(LEADS_PER_ORGANIZATION);
      expect(notes.every((note) => note._count._all === 1)).toBe(true);
    }
  });
});
