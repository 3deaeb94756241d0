import { organizationTimeZone } from "../calendar/wall-clock";
import type { Db, DbTx } from "../db/client";
import { readWorkingHours } from "../leads/first-touch/working-hours";
import { hoursInZone, nextOpenInstant } from "../organizations/business-hours";

/**
 * When a matched unit may go out: inside the organization's business hours
 * (Settings), in its time zone, with the one business-hours rule
 * (server/organizations/business-hours.ts: DST gaps and overlaps resolved
 * there). Returns `atMs` when it is open now, else the next opening. An
 * organization without business hours sends at any time, as its first-touch
 * clock never pauses.
 */
export async function nextSendingInstant(db: Db | DbTx, organizationId: string, atMs: number): Promise<number> {
  const organization = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { businessHours: true, timezone: true } });
  const hours = readWorkingHours(organization.businessHours);
  if (hours === null) return atMs;
  return nextOpenInstant(atMs, hoursInZone(hours, organizationTimeZone(organization.timezone))) ?? atMs;
}
