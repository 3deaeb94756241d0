import type { Db } from "../../../server/db/client";
import type { TestServer } from "../../support/api-server";
import { sessionCaller } from "../../dashboard/callers";
import { seedMember, seedOAuthToken, type SeededOrganization } from "../../support/factories";
import { seedWhatsAppConversation } from "../../support/messaging-factories";

/**
 * One organization's data of every kind the API serves, created through its
 * own doors (REST with its key, the dashboard as its owner), so the records
 * are real: a project with units, leads linked to them, assigned and staged,
 * with notes and communications, webhook subscriptions (API and dashboard),
 * events and deliveries, an extra member, an API key and an OAuth connection,
 * a WhatsApp sender with a message to the lead.
 * Returns the organization's own id for each path parameter name.
 */
export async function seedTenantData(db: Db, server: TestServer, org: SeededOrganization): Promise<Record<string, string>> {
  const call = async (path: string, method: string, json?: unknown) => {
    const response = await server.api(path, { token: org.key, method, json });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown> & { id: string };
  };
  const member = await seedMember(db, org.id, { role: "member" });
  const subscription = await call("/webhooks/subscriptions", "POST", { target_url: "https://93.184.216.34/hook", event: "lead.created" });
  const project = await call("/projects", "POST", { name: "Torre Azul", units: [{ name: "1A", price: 100_000 }, { name: "1B", price: 120_000 }] });
  const projectRead = await call(`/projects/${project.id}`, "GET");
  const unitId = (projectRead.units as { id: string }[])[0]!.id;
  const stages = (await call("/pipeline/stages", "GET")) as unknown as { data: { id: string }[] };
  const lead = await call("/leads", "POST", {
    email: `lead-${org.id.slice(0, 8)}@example.test`,
    firstName: "Ana",
    projectId: project.id,
    unitId,
    assignedToId: member.userId,
    stageId: stages.data[1]!.id,
  });
  await call(`/leads/${lead.id}/notes`, "POST", { content: "Called, wants a visit" });
  await call(`/leads/${lead.id}/communications`, "POST", { type: "call", direction: "outbound", content: "Intro call" });
  await call("/leads", "POST", { phone: "+507 6111 2222", lastName: "Second" });
  const owner = await sessionCaller(db, org.ownerId, org.id);
  await owner.webhooks.dashboardCreate({ targetUrl: "https://93.184.216.35/dashboard-hook", event: "lead.updated" });
  await seedOAuthToken(db, { organizationId: org.id, userId: org.ownerId });
  await owner.settings.privateApps.create({ name: "Own n8n", redirectUris: ["https://n8n.example.test/callback"], isPublic: false, logoUrl: null });
  const membership = await db.membership.findFirstOrThrow({ where: { organizationId: org.id, userId: member.userId } });
  const whatsApp = await seedWhatsAppConversation(db, org.id, lead.id);
  const pool = await call("/round-robin", "POST", {
    name: "Inbound",
    participantIds: [member.userId],
    followerUserId: org.ownerId,
    connections: [{ source: "adplatform", adplatformFormId: "form-1" }],
  });
  const poolRead = await call(`/round-robin/${pool.id}`, "GET");
  await call("/leads", "POST", { email: `routed-${org.id.slice(0, 8)}@example.test`, roundRobinId: pool.id });
  const throttle = { maxPerMinute: 10, businessHoursStart: "09:00", businessHoursEnd: "18:00", timezone: "UTC", weekdays: [1, 2, 3, 4, 5] };
  const sequence = await call("/sequences", "POST", { name: "Calls", criteria: {}, throttle });
  const launched = await call("/sequences", "POST", { name: "Launched calls", criteria: {}, throttle });
  await call(`/sequences/${launched.id}/launch`, "POST");
  return {
    leadId: lead.id,
    projectId: project.id,
    unitId,
    memberId: membership.id,
    id: subscription.id,
    subscriptionId: subscription.id,
    messageId: whatsApp.message.id,
    senderId: whatsApp.sender.id,
    roundRobinId: pool.id,
    connectionId: (poolRead.connections as { id: string }[])[0]!.id,
    sequenceId: sequence.id,
  };
}

interface TenantTable {
  name: string;
  hasId: boolean;
}

/** Every table holding per-organization rows (a column `organizationId`), found from the catalogue, so new tables count too. */
export async function tenantTables(db: Db): Promise<TenantTable[]> {
  const rows = await db.$queryRawUnsafe<{ table_name: string; has_id: boolean }[]>(`
    SELECT c.table_name,
           EXISTS (SELECT 1 FROM information_schema.columns i
                   WHERE i.table_schema = 'public' AND i.table_name = c.table_name AND i.column_name = 'id') AS has_id
    FROM information_schema.columns c
    WHERE c.table_schema = 'public' AND c.column_name = 'organizationId'
    ORDER BY c.table_name`);
  return rows.map((row) => ({ name: row.table_name, hasId: row.has_id }));
}

/** Up to `perTable` ids of every kind the organization owns, plus its members' user ids. */
export async function idsOwnedBy(db: Db, organizationId: string, perTable = 2): Promise<{ table: string; id: string }[]> {
  const ids: { table: string; id: string }[] = [];
  for (const table of await tenantTables(db)) {
    if (!table.hasId) continue;
    const rows = await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text AS id FROM "${table.name}" WHERE "organizationId"::text = $1 ORDER BY id LIMIT ${perTable}`,
      organizationId,
    );
    ids.push(...rows.map((row) => ({ table: table.name, id: row.id })));
  }
  const users = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT "userId"::text AS id FROM "Membership" WHERE "organizationId"::text = $1 ORDER BY 1 LIMIT ${perTable}`,
    organizationId,
  );
  ids.push(...users.map((row) => ({ table: "User", id: row.id })));
  return ids;
}

const fingerprintQueries = new Map<string, string>();

/**
 * A fingerprint of everything the organization owns (its row, every tenant
 * table, its members' users); equal means unchanged. One query, built once.
 * `ignore` leaves out request bookkeeping that every call moves
 * (MonthlyUsage, ApiKey.lastUsedAt).
 */
export async function fingerprintOf(db: Db, organizationId: string, ignore: string[] = []): Promise<Record<string, string>> {
  const key = ignore.join(",");
  let sql = fingerprintQueries.get(key);
  if (!sql) {
    const parts = (await tenantTables(db))
      .filter((table) => !ignore.includes(table.name))
      .map(
        (table) =>
          `SELECT '${table.name}' AS label, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table.name}" t WHERE "organizationId"::text = $1`,
      );
    parts.push(`SELECT 'Organization', md5(coalesce(string_agg(o::text, '|'), '')) FROM "Organization" o WHERE id::text = $1`);
    parts.push(
      `SELECT 'User', md5(coalesce(string_agg(u::text, '|' ORDER BY u::text), '')) FROM "User" u WHERE id IN (SELECT "userId" FROM "Membership" WHERE "organizationId"::text = $1)`,
    );
    sql = parts.join("\nUNION ALL\n");
    fingerprintQueries.set(key, sql);
  }
  const rows = await db.$queryRawUnsafe<{ label: string; digest: string }[]>(sql, organizationId);
  return Object.fromEntries(rows.map((row) => [row.label, row.digest]));
}
