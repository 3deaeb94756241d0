import type { DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { findLeadOrThrow } from "../leads/find-lead";
import { visibleLeadsWhere } from "../leads/lead-visibility";
import { projectNotFound, unitNotFound } from "../projects/catalog-errors";
import { isProjectId, isUnitId } from "../projects/catalog-ids";
import { lockProjectAgainstDeletion } from "../projects/row-locks";
import { newSheetToken, sheetUrl, sheetUrlOfSealed } from "./sheet-token";

/** A sheet link as members see it (the token only inside `url`). */
export interface SheetLinkRepresentation {
  id: string;
  projectId: string;
  unitId: string | null;
  /** The lead a personal link was made for (null: anyone may be given it, or a lead the caller does not see). */
  leadId: string | null;
  leadName: string | null;
  url: string;
  views: number;
  lastViewedAt: string | null;
  interestedAt: string | null;
  createdAt: string;
}

interface LinkRow {
  id: string;
  projectId: string;
  unitId: string | null;
  leadId: string | null;
  tokenCiphertext: string;
  views: number;
  lastViewedAt: Date | null;
  interestedAt: Date | null;
  createdAt: Date;
  lead?: { firstName: string | null; lastName: string | null } | null;
}

function present(row: LinkRow, url: string = sheetUrlOfSealed(row.tokenCiphertext)): SheetLinkRepresentation {
  const lead = row.lead ?? null;
  return {
    id: row.id,
    projectId: row.projectId,
    unitId: row.unitId,
    leadId: lead === null ? null : row.leadId,
    leadName: lead === null ? null : [lead.firstName, lead.lastName].filter(Boolean).join(" "),
    url,
    views: row.views,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    interestedAt: row.interestedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function assertSubject(tx: DbTx, organizationId: string, projectId: string, unitId: string | null): Promise<void> {
  if (!isProjectId(projectId)) throw projectNotFound();
  if (unitId !== null && !isUnitId(unitId)) throw unitNotFound();
  if (!(await lockProjectAgainstDeletion(tx, organizationId, projectId))) throw projectNotFound();
  if (unitId !== null && (await tx.unit.count({ where: { id: unitId, projectId, organizationId } })) === 0) throw unitNotFound();
}

/**
 * A new link to the sheet of a unit (or of the project, `unitId` null). With
 * `leadId` it is the lead's personal link (the lead must be one the caller
 * sees): asking again for the same lead and sheet returns the link that is
 * already live instead of minting a second one, so a lead's views add up on
 * one link.
 */
export async function createSheetLink(
  ctx: DomainContext,
  request: { projectId: string; unitId: string | null; leadId: string | null },
): Promise<SheetLinkRepresentation> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    const lead = request.leadId === null ? null : await findLeadOrThrow(tx, principal, request.leadId);
    await assertSubject(tx, organizationId, request.projectId, request.unitId);
    const include = { lead: { select: { firstName: true, lastName: true } } } as const;
    if (lead !== null) {
      const live = await tx.sheetLink.findFirst({
        where: { organizationId, projectId: request.projectId, unitId: request.unitId, leadId: lead.id, revokedAt: null },
        include,
      });
      if (live) return present(live);
    }
    const token = newSheetToken();
    const row = await tx.sheetLink.create({
      data: {
        organizationId,
        projectId: request.projectId,
        unitId: request.unitId,
        leadId: lead?.id ?? null,
        tokenHash: token.tokenHash,
        tokenCiphertext: token.tokenCiphertext,
        createdById: principal.userId,
      },
      include,
    });
    return present(row, sheetUrl(token.token));
  });
}

/** The live links of a project's sheets (of one unit's with `unitId`), newest first; personal links name only leads the caller sees. */
export async function listSheetLinks(ctx: DomainContext, projectId: string, unitId: string | null): Promise<SheetLinkRepresentation[]> {
  const organizationId = ctx.principal.organizationId;
  if (!isProjectId(projectId)) throw projectNotFound();
  if ((await ctx.db.project.count({ where: { id: projectId, organizationId } })) === 0) throw projectNotFound();
  const rows = await ctx.db.sheetLink.findMany({
    where: { organizationId, projectId, revokedAt: null, ...(unitId === null ? {} : { unitId }) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 200,
  });
  const leadIds = [...new Set(rows.flatMap((row) => (row.leadId === null ? [] : [row.leadId])))];
  const visible = await ctx.db.lead.findMany({
    where: { id: { in: leadIds }, ...visibleLeadsWhere(ctx.principal) },
    select: { id: true, firstName: true, lastName: true },
  });
  const leads = new Map(visible.map((lead) => [lead.id, lead]));
  return rows.map((row) => present({ ...row, lead: row.leadId === null ? null : (leads.get(row.leadId) ?? null) }));
}

/** Revokes a link at once: its sheet answers 404 from now on. Revoking a revoked link is a 404, like an unknown one. */
export async function revokeSheetLink(ctx: DomainContext, projectId: string, linkId: string, at: Date = new Date()): Promise<void> {
  const organizationId = ctx.principal.organizationId;
  const { count } = await ctx.db.sheetLink.updateMany({ where: { id: linkId, organizationId, projectId, revokedAt: null }, data: { revokedAt: at } });
  if (count === 0) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Sheet link" });
}
