import type { Principal } from "../../auth/principal";
import type { Db, DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";

/** A person reading one lead again within this long is one view, not one per refresh of their page. */
export const VIEW_REPEAT_WINDOW_MINUTES = 10;

/** Who the audit names: a person (a session, or the person behind an OAuth token) or an API key; the system actor is not audited. */
function actorOf(principal: Principal) {
  if (principal.userId !== null) return { key: `user:${principal.userId}`, userId: principal.userId };
  if (principal.apiKeyId !== null) return { key: `api_key:${principal.apiKeyId}`, userId: null };
  return null;
}

/** The row's columns for the actor: the name as it is now (person, or `API key <name>`), the app an OAuth token belongs to. */
function actorColumns(principal: Principal) {
  return Prisma.sql`
    coalesce((SELECT u."name" FROM "User" u WHERE u."id" = ${principal.userId}::uuid),
             'API key ' || (SELECT k."name" FROM "ApiKey" k WHERE k."id" = ${principal.apiKeyId}::uuid), 'Unknown'),
    (SELECT c."name" FROM "OAuthClient" c WHERE c."id" = ${principal.oauthClientDbId}::uuid),
    ${principal.source}`;
}

/**
 * Records that `principal` read a lead by id (the lead page, `GET
 * /leads/{leadId}`), in one statement: nothing when the same person or key
 * read it within the last few minutes (a page refreshing itself is one
 * view), nothing for the system actor.
 */
export async function recordLeadView(db: Db | DbTx, principal: Principal, leadId: string): Promise<void> {
  const actor = actorOf(principal);
  if (!actor) return;
  await db.$executeRaw`
    INSERT INTO "LeadAccess" ("id", "organizationId", "kind", "leadIds", "leadCount", "actorKey", "userId", "actorName", "via", "source")
    SELECT gen_random_uuid(), ${principal.organizationId}::uuid, 'view', ARRAY[${leadId}], 1, ${actor.key}, ${actor.userId}::uuid,
           ${actorColumns(principal)}
    WHERE NOT EXISTS (
      SELECT 1 FROM "LeadAccess" a
      WHERE a."organizationId" = ${principal.organizationId}::uuid AND a."actorKey" = ${actor.key}
        AND a."createdAt" > now() - ${VIEW_REPEAT_WINDOW_MINUTES}::int * interval '1 minute'
        AND a."kind" = 'view' AND a."leadIds" = ARRAY[${leadId}])`;
}

/**
 * The hook an export calls, in its own transaction, with every lead it
 * hands out: who exported, when, which leads and how many. Settings → Lead
 * access lists exports for owners and admins.
 */
export async function recordLeadExport(db: Db | DbTx, principal: Principal, leadIds: readonly string[]): Promise<void> {
  const actor = actorOf(principal);
  if (!actor) return;
  await db.$executeRaw`
    INSERT INTO "LeadAccess" ("id", "organizationId", "kind", "leadIds", "leadCount", "actorKey", "userId", "actorName", "via", "source")
    SELECT gen_random_uuid(), ${principal.organizationId}::uuid, 'export', ${[...leadIds]}::text[], ${leadIds.length}, ${actor.key},
           ${actor.userId}::uuid, ${actorColumns(principal)}`;
}
