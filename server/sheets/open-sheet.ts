import { systemPrincipal } from "../auth/system-principal";
import type { Db } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { recordSheetView } from "../leads/activities/sheet-activity";
import type { LoadedSheet } from "./load-sheet";
import { announceSheetViewed } from "./sheet-view-hooks";

/**
 * Repeated opens of one personal link within this window are counted but
 * logged once: a buyer scrolling back to the chat and tapping the link again
 * is one look, not five timeline entries (and not five notices to the owner).
 */
export const VIEW_LOG_WINDOW_MS = 30 * 60 * 1000;

/**
 * Messaging apps fetch a link the moment it is sent to build its preview
 * (WhatsApp, Facebook, Telegram, Slack…); that fetch is not the lead looking.
 * Such agents see the sheet but are neither counted nor logged.
 */
const PREVIEW_AGENTS = /whatsapp|facebookexternalhit|facebot|telegrambot|slackbot|twitterbot|discordbot|linkedinbot|skypeuripreview|googlebot|bingbot|applebot|bot\b|crawler|spider/i;

export function isLinkPreview(userAgent: string | null): boolean {
  return userAgent !== null && PREVIEW_AGENTS.test(userAgent);
}

/**
 * Counts an open of a sheet. On a personal link, the first open and any open
 * `VIEW_LOG_WINDOW_MS` after the last logged one write "viewed the sheet of
 * unit …" on the lead's timeline (through server/leads, which also tells the
 * lead's owner in the same transaction) and tell the listeners once committed. The link's row is locked
 * while deciding, so two opens racing log once.
 */
export async function recordSheetOpen(db: Db, sheet: LoadedSheet, request: { at: Date; userAgent: string | null }): Promise<void> {
  if (isLinkPreview(request.userAgent)) return;
  const { link } = sheet;
  const since = new Date(request.at.getTime() - VIEW_LOG_WINDOW_MS);
  const logged = await runInTransaction(db, async (tx) => {
    // The link's row lock orders racing opens: each sees the one before it.
    const rows = await tx.$queryRaw<{ lastLoggedViewAt: Date | null; ownerId: string | null }[]>`
      SELECT s."lastLoggedViewAt", (SELECT l."assignedToId"::text FROM "Lead" l WHERE l."id" = s."leadId") AS "ownerId"
      FROM "SheetLink" s WHERE s."id" = ${link.id}::uuid AND s."revokedAt" IS NULL FOR UPDATE OF s`;
    const row = rows[0];
    if (!row) return null;
    const log = link.leadId !== null && (row.lastLoggedViewAt === null || row.lastLoggedViewAt <= since);
    await tx.sheetLink.update({
      where: { id: link.id },
      data: { views: { increment: 1 }, lastViewedAt: request.at, ...(log ? { lastLoggedViewAt: request.at } : {}) },
    });
    if (!log || link.leadId === null) return null;
    const principal = await systemPrincipal(tx, link.organizationId);
    await recordSheetView(tx, principal, link.leadId, { projectId: link.projectId, projectName: link.projectName, unitId: link.unitId, unitName: link.unitName }, request.at);
    return { ownerId: row.ownerId, leadId: link.leadId };
  });
  if (logged) {
    await announceSheetViewed({
      organizationId: link.organizationId,
      leadId: logged.leadId,
      ownerId: logged.ownerId,
      projectId: link.projectId,
      unitId: link.unitId,
      at: request.at,
    });
  }
}
