import { describe, expect, it } from "vitest";
import { leadsRecount } from "../../scripts/cli/commands/leads-recount";
import type { Db } from "../../server/db/client";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { body, leadsApi, type Lead, type Page } from "./helpers";

const t = useApiTest({ organization: false });

/** Every maintained count of the organization against count(*) of its leads, dimension by dimension. */
async function expectCountsExact(db: Db, organizationId: string) {
  const actual = await db.$queryRaw<{ dimension: string; value: string; total: number }[]>`
    SELECT d.dimension, d.value, count(*)::int AS total
    FROM "Lead" l
    CROSS JOIN LATERAL (VALUES ('all', ''), ('status', l."status"::text), ('source', l."source"::text),
                               ('stage', coalesce(l."stageId"::text, 'none')), ('assignee', coalesce(l."assignedToId"::text, 'none')))
         AS d(dimension, value)
    WHERE l."organizationId" = ${organizationId}::uuid
    GROUP BY 1, 2 ORDER BY 1, 2`;
  const maintained = await db.$queryRaw<{ dimension: string; value: string; total: number }[]>`
    SELECT "dimension", "value", sum("count")::int AS total FROM "LeadCount"
    WHERE "organizationId" = ${organizationId}::uuid
    GROUP BY 1, 2 HAVING sum("count") <> 0 ORDER BY 1, 2`;
  expect(maintained).toEqual(actual);
}

async function stagesOf(token: string) {
  const response = await t.server.api("/pipeline/stages", { token });
  return (await body<{ data: { id: string; systemKey: string | null }[] }>(response, 200)).data;
}

async function total(api: ReturnType<typeof leadsApi>, query = "") {
  return (await body<Page<Lead>>(await api.list(query), 200)).pagination.total;
}

describe("maintained lead counts", () => {
  it("stay exact through creates, status/stage/assignee changes and deletes, and answer the list totals", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const agent = await seedMember(t.db, org.id);
    const api = leadsApi(t.server, org.key);
    const stages = await stagesOf(org.key);
    const negotiation = stages.find((stage) => stage.systemKey === "negotiation")!;

    const created: Lead[] = [];
    for (let i = 0; i < 6; i++) {
      created.push(
        await body<Lead>(
          await api.create({
            email: `count-${i}@example.test`,
            status: i % 2 === 0 ? "new" : "contacted",
            source: i < 3 ? "website" : "referral",
            ...(i === 0 ? { assignedToId: agent.userId } : {}),
          }),
          201,
        ),
      );
    }
    await body(await leadsApi(t.server, other.key).create({ email: "elsewhere@example.test" }), 201);
    await expectCountsExact(t.db, org.id);
    expect(await total(api)).toBe(6);
    expect(await total(api, "?status=contacted")).toBe(3);
    expect(await total(api, "?source=website")).toBe(3);
    expect(await total(api, `?assignedToId=${agent.userId}`)).toBe(1);
    expect(await total(api, "?assignedToId=none")).toBe(5);

    await body(await api.update(created[1]!.id, { status: "won" }), 200);
    await body(await api.update(created[2]!.id, { stageId: negotiation.id }), 200);
    await body(await api.update(created[3]!.id, { assignedToId: agent.userId }), 200);
    await body(await api.update(created[0]!.id, { assignedToId: null, source: "referral" }), 200);
    await body(await api.update(created[4]!.id, { notes: "a change no count depends on" }), 200);
    await expectCountsExact(t.db, org.id);
    expect(await total(api, "?status=won")).toBe(1);
    expect(await total(api, `?stageId=${negotiation.id}`)).toBe(1);
    expect(await total(api, `?assignedToId=${agent.userId}`)).toBe(1);
    expect(await total(api, "?source=referral")).toBe(4);

    await body(await api.remove(created[5]!.id), 200);
    await body(await api.remove(created[3]!.id), 200);
    await expectCountsExact(t.db, org.id);
    expect(await total(api)).toBe(4);
    // A combination of filters is counted from the rows and agrees.
    expect(await total(api, "?status=new&source=referral")).toBe(
      await t.db.lead.count({ where: { organizationId: org.id, status: "new", source: "referral" } }),
    );
    await expectCountsExact(t.db, other.id);
  });

  it("stay exact under concurrent writers", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const api = leadsApi(t.server, org.key);
    const first = await Promise.all(
      Array.from({ length: 16 }, (_, i) => api.create({ email: `race-${i}@example.test`, status: i % 2 ? "new" : "qualified" })),
    );
    const ids = await Promise.all(first.map(async (response) => (await body<Lead>(response, 201)).id));
    await Promise.all([
      ...ids.slice(0, 6).map((id) => api.remove(id)),
      ...ids.slice(6, 12).map((id, i) => api.update(id, { status: i % 2 ? "won" : "lost" })),
      ...Array.from({ length: 8 }, (_, i) => api.create({ email: `late-${i}@example.test` })),
    ]).then((responses) => responses.forEach((response) => expect(response.status).toBeLessThan(300)));
    await expectCountsExact(t.db, org.id);
    expect(await total(api)).toBe(18);
  });

  it("count writes that bypass the API: bulk SQL, and assignees cleared when their user is deleted", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const agent = await seedMember(t.db, org.id);
    await t.db.$executeRaw`
      INSERT INTO "Lead" ("id", "organizationId", "email", "status", "source", "assignedToId", "createdAt", "updatedAt")
      SELECT 'lead_bulk' || g, ${org.id}::uuid, 'bulk' || g || '@example.test',
             (CASE WHEN g % 2 = 0 THEN 'won' ELSE 'new' END)::"LeadStatus", 'website', ${agent.userId}::uuid, now(), now()
      FROM generate_series(1, 50) g`;
    await expectCountsExact(t.db, org.id);
    await t.db.lead.updateMany({ where: { organizationId: org.id, status: "won" }, data: { status: "lost" } });
    await t.db.lead.deleteMany({ where: { organizationId: org.id, email: { startsWith: "bulk1" } } });
    await expectCountsExact(t.db, org.id);
    await t.db.membership.deleteMany({ where: { userId: agent.userId } });
    await t.db.user.delete({ where: { id: agent.userId } });
    await expectCountsExact(t.db, org.id);
    expect(await total(leadsApi(t.server, org.key), "?assignedToId=none")).toBe(39);
  });

  it("the repair command recomputes wrong counts and compacts them into one row each", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const untouched = await seedOrganization(t.db, { rateLimitExempt: true });
    const api = leadsApi(t.server, org.key);
    for (let i = 0; i < 5; i++) await body(await api.create({ email: `repair-${i}@example.test` }), 201);
    await body(await leadsApi(t.server, untouched.key).create({ email: "keep@example.test" }), 201);
    // Damage done behind the triggers' back.
    await t.db.$executeRaw`UPDATE "LeadCount" SET "count" = "count" + 7 WHERE "organizationId" = ${org.id}::uuid AND "dimension" = 'all'`;
    await t.db.$executeRaw`DELETE FROM "LeadCount" WHERE "organizationId" = ${org.id}::uuid AND "dimension" = 'status'`;
    expect(await total(api)).not.toBe(5);

    const result = await leadsRecount.prepare(["--org", org.id])(t.db);
    expect(result).toEqual({ organizations: 1, corrected: 2 });
    await expectCountsExact(t.db, org.id);
    expect(await total(api)).toBe(5);
    const rows = await t.db.leadCount.count({ where: { organizationId: org.id } });
    const keys = await t.db.leadCount.groupBy({ by: ["dimension", "value"], where: { organizationId: org.id } });
    expect(rows).toBe(keys.length);
    expect(await leadsRecount.prepare([])(t.db)).toMatchObject({ corrected: 0 });
    await expectCountsExact(t.db, untouched.id);
  });

  it("the maxLeads check reads the maintained count", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 3 });
    const api = leadsApi(t.server, org.key);
    for (let i = 0; i < 3; i++) await body(await api.create({ email: `cap-${i}@example.test` }), 201);
    expect((await api.create({ email: "cap-4@example.test" })).status).toBe(403);
    // The check trusts the count: a repaired count frees the slot a wrong count had taken.
    await t.db.$executeRaw`UPDATE "LeadCount" SET "count" = "count" - 1 WHERE "organizationId" = ${org.id}::uuid AND "dimension" = 'all' AND "slot" = (SELECT min("slot") FROM "LeadCount" WHERE "organizationId" = ${org.id}::uuid AND "dimension" = 'all')`;
    expect((await api.create({ email: "cap-5@example.test" })).status).toBe(201);
    await leadsRecount.prepare(["--org", org.id])(t.db);
    expect((await api.create({ email: "cap-6@example.test" })).status).toBe(403);
  });
});
