import { systemPrincipal } from "../auth/system-principal";
import type { Db } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { recordSheetInterest } from "../leads/interest/sheet-interest";
import { notifySheetInterest } from "../notifications/sheet-interest";
import type { LoadedSheet } from "./load-sheet";

/**
 * "I'm interested" on a personal link: an inbound communication on the lead's
 * timeline and the project in its interest (server/leads/interest/sheet-interest.ts),
 * as the System, and a notice to the lead's owner. Once per link: pressing again (a reload of the form's
 * answer, a second tap) changes nothing, so the agent hears it once. The
 * link's row is locked first, so two presses racing write once.
 * A link made for nobody has no lead to move: false, and nothing is written.
 */
export async function pressSheetInterest(db: Db, sheet: LoadedSheet, at: Date): Promise<boolean> {
  const { link } = sheet;
  if (link.leadId === null) return false;
  const leadId = link.leadId;
  return runInTransaction(db, async (tx) => {
    const claimed = await tx.sheetLink.updateMany({ where: { id: link.id, revokedAt: null, interestedAt: null }, data: { interestedAt: at } });
    if (claimed.count === 0) return true;
    const principal = await systemPrincipal(tx, link.organizationId);
    await recordSheetInterest({ db, principal }, leadId, {
      projectId: link.projectId,
      projectName: link.projectName,
      unitId: link.unitId,
      unitName: link.unitName,
    });
    await notifySheetInterest(tx, link.organizationId, { leadId, unitName: link.unitName, at });
    return true;
  });
}
