import type { Db } from "../db/client";

/**
 * The universal lead webhook integration, an organization setting (off by
 * default): while it is on, one round-robin pool may hold the generic
 * `webhook` connection (source webhook, no other field) and receives every
 * arriving lead that no more specific connection matched, ahead of a
 * catch-all pool without connections. Owners and admins switch it in
 * Settings → Organization; operators with `org update --universal-webhook`.
 * Switching it off keeps the connection but stops it routing, and new
 * generic webhook connections are refused (400 BAD_REQUEST).
 */
export async function isUniversalLeadWebhookEnabled(db: Db, organizationId: string): Promise<boolean> {
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { universalLeadWebhookEnabled: true } });
  return organization?.universalLeadWebhookEnabled ?? false;
}

export async function setUniversalLeadWebhook(db: Db, organizationId: string, enabled: boolean): Promise<{ universalLeadWebhookEnabled: boolean }> {
  return db.organization.update({ where: { id: organizationId }, data: { universalLeadWebhookEnabled: enabled }, select: { universalLeadWebhookEnabled: true } });
}
