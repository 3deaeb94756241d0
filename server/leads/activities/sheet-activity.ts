import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { notifySheetViewed } from "../../notifications/sheet-viewed";
import { actorOf } from "./activity-actor";
import { recordActivities } from "./record-activities";

/** The unit (or project, `unitId` null) a sheet shows, with the names the timeline prints. */
export interface SheetSubject {
  projectId: string;
  projectName: string;
  unitId: string | null;
  unitName: string | null;
}

/**
 * "Viewed the sheet of unit A-1201 of Torre Norte": a `unit_sheet_viewed`
 * entry by the System, in the caller's transaction. Scope `lead_event`: it is
 * something the lead did, shown with notes and communications (its text is
 * still a message, rendered in the reader's language). Its message names
 * `projectId` and `unitId` (null for a project sheet), which is what the
 * project funnel counts as "sheets opened". The caller decides how often a
 * lead's repeated opens are logged (server/sheets/open-sheet.ts); each
 * logged view also tells the lead's owner (a `sheet_viewed` notice).
 */
export async function recordSheetView(tx: DbTx, principal: Principal, leadId: string, sheet: SheetSubject, at: Date): Promise<void> {
  await recordActivities(
    tx,
    { organizationId: principal.organizationId, leadId, actor: await actorOf(tx, principal), at, locale: principal.organization.locale },
    [
      {
        type: "unit_sheet_viewed",
        activityScope: "lead_event",
        message: { key: "unitSheetViewed", projectId: sheet.projectId, unitId: sheet.unitId, project: sheet.projectName, unit: sheet.unitName },
      },
    ],
  );
  await notifySheetViewed(tx, principal.organizationId, { leadId, unitName: sheet.unitName, at });
}

/** "Sent unit A-1201 of Torre Norte by WhatsApp": a `unit_sent` entry (scope `lead_event`, like a communication), in the send's transaction. */
export async function recordUnitSent(
  tx: DbTx,
  principal: Principal,
  leadId: string,
  sent: { projectId: string; projectName: string; unitId: string; unitName: string; channel: "whatsapp" | "email" },
  at: Date,
): Promise<void> {
  await recordActivities(
    tx,
    { organizationId: principal.organizationId, leadId, actor: await actorOf(tx, principal), at, locale: principal.organization.locale },
    [
      {
        type: "unit_sent",
        activityScope: "lead_event",
        message: { key: "unitSent", projectId: sent.projectId, unitId: sent.unitId, project: sent.projectName, unit: sent.unitName, channel: sent.channel },
      },
    ],
  );
}
