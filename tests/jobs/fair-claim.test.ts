import { describe, expect, it } from "vitest";
import { runInTransaction } from "../../server/db/run-in-transaction";
import { EMBEDDED_POLICY } from "../../server/jobs/driver-policy";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import type { JobRuntime } from "../../server/jobs/job-runtime";
import { queueMail } from "../../server/mail/queue-mail";
import { sendMailJob } from "../../server/mail/send-mail-job";
import { dispatchSequenceContactJob } from "../../server/sequences/dispatch-sequence-job";
import { useApiTest } from "../support/api-test";
import { seedOrganization, type SeededOrganization } from "../support/factories";
import { bulkInsertLeads, sequencesApi, THROTTLE } from "../sequences/helpers";

/**
 * The one fair claim (server/jobs/fair-claim.ts) serves sequence contacts
 * and mail as it serves webhook deliveries (tests/jobs/fair-delivery.test.ts):
 * an organization with a large backlog of older work takes at most its
 * per-organization share of a claim, and another organization's work is
 * claimed in the same round instead of waiting behind the backlog. Asserted
 * on what each claim returns and on the order runs start, never on time.
 */
const t = useApiTest({ organization: false });

const runtime = (): JobRuntime => ({ db: t.db, clock: () => new Date(), policy: EMBEDDED_POLICY });

/** A launched sequence over every lead of `org`, whose contacts all have a slot that came `ageMs` ago (what the planner leaves behind a backlog). */
async function dueContacts(org: SeededOrganization, ageMs: number): Promise<string> {
  const api = sequencesApi(t, () => org.key);
  const id = await api.createSequence({ throttle: { ...THROTTLE, weekdays: [1, 2, 3, 4, 5, 6, 7], businessHoursStart: "00:00", businessHoursEnd: "23:59", timezone: "UTC" } });
  expect((await api.launch(id)).status).toBe(200);
  await t.db.$executeRaw`
    UPDATE "SequenceContact" SET "status" = 'scheduled', "dispatchAt" = now() - ${ageMs + 1_000}::int * interval '1 millisecond' + "position" * interval '1 millisecond'
    WHERE "sequenceId" = ${id}`;
  return id;
}

async function organizationWithLeads(leads: number): Promise<SeededOrganization> {
  const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: null });
  await bulkInsertLeads(t.db, org.id, leads);
  return org;
}

const countBy = (claims: { organizationId: string }[], org: SeededOrganization) => claims.filter((claim) => claim.organizationId === org.id).length;

describe("the fair claim for sequence contacts", () => {
  it("gives a second organization's contacts their turn in the first claim, whatever the first one's backlog", { timeout: 60_000 }, async () => {
    const flooder = await organizationWithLeads(300);
    const bystander = await organizationWithLeads(3);
    await dueContacts(flooder, 3_600_000); // an hour overdue: oldest first would take only these
    await dueContacts(bystander, 60_000);

    const options = { limit: 20, leaseMs: 60_000, perOrganization: 10 };
    const first = await dispatchSequenceContactJob.claimDue(runtime(), options);
    expect({ flooder: countBy(first, flooder), bystander: countBy(first, bystander) }).toEqual({ flooder: 10, bystander: 3 });

    // While the flooder holds its share, it gets nothing more; the bystander's new work is claimed at once.
    expect(await dispatchSequenceContactJob.claimDue(runtime(), options)).toEqual([]);
    await dueContacts(bystander, 0); // a second sequence over the same 3 leads
    const next = await dispatchSequenceContactJob.claimDue(runtime(), options);
    expect({ flooder: countBy(next, flooder), bystander: countBy(next, bystander) }).toEqual({ flooder: 0, bystander: 3 });
    await t.db.sequence.deleteMany({ where: { organizationId: { in: [flooder.id, bystander.id] } } });
  });

  it("under the embedded driver, the bystander's contacts are among the first runs started", { timeout: 120_000 }, async () => {
    const flooder = await organizationWithLeads(200);
    const bystander = await organizationWithLeads(3);
    await dueContacts(flooder, 3_600_000);
    const bystanderSequence = await dueContacts(bystander, 60_000);

    const started: string[] = [];
    const observed: typeof dispatchSequenceContactJob = {
      ...dispatchSequenceContactJob,
      run(io, rt, work) {
        started.push(work.input.organizationId);
        return dispatchSequenceContactJob.run(io, rt, work);
      },
    };
    const driver = new EmbeddedDriver({ db: t.db, jobs: [observed], batchSize: 8, concurrency: 8 });
    expect(await driver.runDue()).toBe(203);

    // One round of 8 runs: the flooder's share of it is capped (10 per organization), so the bystander's 3 go first time round.
    expect(started.slice(0, 8).filter((org) => org === bystander.id)).toHaveLength(3);
    const progress = await t.db.sequenceContact.groupBy({ by: ["status"], where: { sequenceId: bystanderSequence }, _count: { _all: true } });
    expect(progress).toEqual([{ status: "sent", _count: { _all: 3 } }]);
  });
});

describe("the fair claim for outgoing mail", () => {
  it("caps one organization's mails in flight and interleaves the others", async () => {
    const busy = await seedOrganization(t.db, { rateLimitExempt: true });
    const quiet = await seedOrganization(t.db, { rateLimitExempt: true });
    const message = { to: "someone@example.test", subject: "Hi", text: "Hi", html: "<p>Hi</p>" };
    await runInTransaction(t.db, async (tx) => {
      for (let i = 0; i < 40; i++) await queueMail(tx, { organizationId: busy.id, kind: "test", message });
    });
    await runInTransaction(t.db, (tx) => queueMail(tx, { organizationId: quiet.id, kind: "test", message }));

    const claims = await sendMailJob.claimDue(runtime(), { limit: 30, leaseMs: 60_000, perOrganization: sendMailJob.concurrencyPerOrganization });
    expect({ busy: countBy(claims, busy), quiet: countBy(claims, quiet) }).toEqual({ busy: sendMailJob.concurrencyPerOrganization, quiet: 1 });
  });
});
