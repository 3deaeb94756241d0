import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { ValidationIssue } from "../i18n/validation-reasons";
import { isMember } from "../members/is-member";
import { findStage } from "../pipeline/find-stage";
import type { LeadValues } from "./lead-values";

export interface ReferenceChanges {
  /** Which reference fields this request set (only those are checked; stored values were valid when written). */
  assignedToId: boolean;
  stageId: boolean;
  projectId: boolean;
  unitId: boolean;
  /** The interest was sent: its project ids are checked. */
  interest?: boolean;
}

/**
 * Checks that every id a lead points to belongs to the caller's organization,
 * before anything is written, and reports every bad field at once as
 * `400 VALIDATION_ERROR` (`field: reason; …`). Another organization's member,
 * stage, project or unit is indistinguishable from a missing one.
 *
 * A unit implies its project: when the request did not send `projectId` and
 * the lead has none, it is taken from the unit; otherwise the unit must
 * belong to the lead's project. Returns the values with that filled in.
 */
export async function checkLeadReferences(
  tx: DbTx,
  organizationId: string,
  values: LeadValues,
  sent: ReferenceChanges,
): Promise<LeadValues> {
  const issues: ValidationIssue[] = [];
  const next = { ...values };

  if (sent.assignedToId && next.assignedToId !== null && !(await isMember(tx, organizationId, next.assignedToId))) {
    issues.push({ path: "assignedToId", reason: "validation.notAMember" });
  }
  if (sent.stageId && next.stageId !== null && !(await findStage(tx, organizationId, next.stageId))) {
    issues.push({ path: "stageId", reason: "validation.notAStage" });
  }

  let projectKnown = true;
  if (sent.projectId && next.projectId !== null) {
    const project = await tx.project.findFirst({ where: { id: next.projectId, organizationId }, select: { id: true } });
    if (!project) {
      issues.push({ path: "projectId", reason: "validation.noSuchProject" });
      projectKnown = false;
    }
  }
  if ((sent.unitId || sent.projectId) && next.unitId !== null) {
    const unit = await tx.unit.findFirst({ where: { id: next.unitId, organizationId }, select: { projectId: true } });
    if (!unit) {
      issues.push({ path: "unitId", reason: "validation.noSuchUnit" });
    } else if (next.projectId === null && !sent.projectId) {
      next.projectId = unit.projectId;
    } else if (projectKnown && unit.projectId !== next.projectId) {
      issues.push({ path: "unitId", reason: "validation.unitOfOtherProject", params: { project: unit.projectId, other: next.projectId ?? "—" } });
    }
  }

  const interestProjects = sent.interest ? [...new Set(next.interest?.projectIds ?? [])] : [];
  if (interestProjects.length > 0) {
    const found = await tx.project.findMany({ where: { id: { in: interestProjects }, organizationId }, select: { id: true } });
    const known = new Set(found.map((project) => project.id));
    const index = next.interest!.projectIds.findIndex((id) => !known.has(id));
    if (index >= 0) issues.push({ path: `interest.projectIds.${index}`, reason: "validation.noSuchProject" });
  }

  if (issues.length > 0) throw ApiError.invalid(issues);
  return next;
}
