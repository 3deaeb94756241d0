import { describe, expect, it } from "vitest";
import { sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";

/**
 * Timing of each home widget on 100,000 leads over 12 months (opt-in:
 * HOME_MEASURE=1; several minutes of seeding, so not part of the usual run).
 * Prints p50/p95 per widget and period.
 */
const measure = process.env.HOME_MEASURE === "1";
const t = useApiTest({ server: false, organization: { timezone: "America/Mexico_City" } });

describe.skipIf(!measure)("home widgets at 100k leads", () => {
  it("answer within budget", { timeout: 900_000 }, async () => {
    const members = [];
    for (let i = 0; i < 10; i++) members.push((await seedMember(t.db, t.org.id, { name: `Agent ${i}` })).userId);
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const pool = await owner.roundRobin.create({ name: "Bench pool", participantIds: members.slice(0, 5) });
    const org = t.org.id;
    await t.db.$executeRaw`
      INSERT INTO "Lead" ("id", "organizationId", "email", "status", "source", "stageId", "estimatedValue", "assignedToId", "createdAt", "updatedAt")
      SELECT 'lead_bench' || i, ${org}::uuid, 'b' || i || '@example.test',
        (ARRAY['new','contacted','qualified','won','lost'])[1 + i % 5]::"LeadStatus",
        (ARRAY['website','referral','event','advertising','other'])[1 + (i / 7) % 5]::"LeadSource",
        (SELECT s."id" FROM "PipelineStage" s WHERE s."organizationId" = ${org}::uuid ORDER BY s."order" OFFSET (i % 6) LIMIT 1),
        (i % 100) * 1000, (${members}::uuid[])[1 + i % 10], now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now()
      FROM generate_series(1, 100000) i`;
    await t.db.$executeRaw`
      INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "communicationType", "communicationDirection", "createdAt")
      SELECT 'act_benchc' || l."id", ${org}::uuid, l."id", 'call', 'call', 'outbound', l."createdAt" + interval '3 hours'
      FROM "Lead" l WHERE l."organizationId" = ${org}::uuid AND l."status" <> 'new'`;
    await t.db.$executeRaw`
      INSERT INTO "LeadActivity" ("id", "organizationId", "leadId", "type", "activityScope", "changes", "createdAt")
      SELECT 'act_benchs' || l."id", ${org}::uuid, l."id", 'status_changed', 'system',
        jsonb_build_object('status', jsonb_build_object('from', 'contacted', 'to', l."status"::text)), l."createdAt" + interval '2 days'
      FROM "Lead" l WHERE l."organizationId" = ${org}::uuid AND l."status" IN ('won', 'lost')`;
    await t.db.$executeRaw`
      INSERT INTO "RoundRobinAssignment" ("id", "organizationId", "roundRobinId", "leadId", "assignedUserId", "source", "turnOrder", "createdAt")
      SELECT gen_random_uuid(), ${org}::uuid, ${pool.id}::uuid, l."id", l."assignedToId", 'system', 1, l."createdAt"
      FROM "Lead" l WHERE l."organizationId" = ${org}::uuid AND random() < 0.5`;
    await t.db.$executeRawUnsafe(`ANALYZE "Lead"; ANALYZE "LeadActivity"; ANALYZE "RoundRobinAssignment"`);

    const agent = await sessionCaller(t.db, members[0]!, org);
    const widgets = {
      myAttention: agent.home.myAttention,
      newLeadsBySource: agent.home.newLeadsBySource,
      pipelineFunnel: agent.home.pipelineFunnel,
      wonLost: agent.home.wonLost,
      leadsPerMember: agent.home.leadsPerMember,
      assignmentsByPool: agent.home.assignmentsByPool,
      responseTime: agent.home.responseTime,
    };
    const report: string[] = [];
    for (const period of ["30d", "quarter"] as const) {
      for (const [name, call] of Object.entries(widgets)) {
        const times: number[] = [];
        for (let i = 0; i < 25; i++) {
          const start = performance.now();
          await call({ period });
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        report.push(`${period} ${name}: p50 ${times[12]!.toFixed(1)} ms, p95 ${times[23]!.toFixed(1)} ms`);
      }
    }
    console.log(report.join("\n"));
    expect(report).toHaveLength(14);
  });
});
