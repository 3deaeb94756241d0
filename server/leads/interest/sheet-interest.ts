import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { runInTransaction } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { dictionaryFor } from "../../../lib/i18n/dictionaries";
import { changeLead } from "../change-lead";
import { logLeadCommunication } from "../activities/log-communication";
import type { SheetSubject } from "../activities/sheet-activity";
import type { LeadInterest } from "./lead-interest";

const NO_INTEREST: LeadInterest = {
  operation: null,
  budgetMin: null,
  budgetMax: null,
  currency: null,
  minBedrooms: null,
  minBathrooms: null,
  minArea: null,
  cities: [],
  unitTypes: [],
  projectIds: [],
};

/**
 * A lead pressed "I'm interested" on its personal sheet: an inbound
 * communication (a `social_message`, the lead wrote to us through the sheet)
 * in the organization's language, and the sheet's project joins the lead's
 * `interest.projectIds` (nothing else of the interest changes; a project
 * already there changes nothing). One transaction (joining the caller's), as
 * the context's principal (the System for a sheet).
 */
export async function recordSheetInterest(ctx: DomainContext, leadId: string, sheet: SheetSubject): Promise<void> {
  const t = dictionaryFor(ctx.principal.organization.locale).timeline;
  const content = sheet.unitName === null ? t.interestedInProject(sheet.projectName) : t.interestedInUnit(sheet.unitName, sheet.projectName);
  await runInTransaction(ctx.db, async (tx) => {
    await addProjectToInterest(tx, ctx.principal, leadId, sheet.projectId);
    await logLeadCommunication(ctx, leadId, { type: "social_message", direction: "inbound", content });
  });
}

async function addProjectToInterest(tx: DbTx, principal: Principal, leadId: string, projectId: string): Promise<void> {
  const current = await tx.lead.findFirst({ where: { id: leadId, organizationId: principal.organizationId }, select: { interest: true } });
  const interest = { ...NO_INTEREST, ...((current?.interest ?? {}) as Partial<LeadInterest>) };
  if (interest.projectIds.includes(projectId)) return;
  await changeLead(tx, principal, leadId, { interest: { ...interest, projectIds: [...interest.projectIds, projectId] } });
}
