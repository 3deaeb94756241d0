import type { DbTx } from "../db/client";
import type { UnitStatus } from "./catalog-values";

/**
 * Row locks taken at the start of catalog writes, so concurrent requests queue
 * instead of racing. Each lookup carries the organization in its WHERE: a row
 * of another organization is simply not found.
 */

/**
 * Locks the organization row against other project creations and returns its
 * project limit. FOR NO KEY UPDATE serialises creators without blocking the
 * inserts of other records that merely reference the organization.
 */
export async function lockOrganizationForNewProject(tx: DbTx, organizationId: string): Promise<{ maxProjects: number | null }> {
  const rows = await tx.$queryRaw<{ maxProjects: number | null }[]>`
    SELECT "maxProjects" FROM "Organization" WHERE "id" = ${organizationId}::uuid FOR NO KEY UPDATE`;
  const row = rows[0];
  if (!row) throw new Error("organization of the caller is missing");
  return row;
}

/** Keeps the project from being deleted until the transaction ends (adding a unit); false when not found. */
export async function lockProjectAgainstDeletion(tx: DbTx, organizationId: string, projectId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Project" WHERE "id" = ${projectId} AND "organizationId" = ${organizationId}::uuid FOR KEY SHARE`;
  return rows.length > 0;
}

/** Locks the project for a change (its `changes` are computed against what it replaced); false when not found. */
export async function lockProjectForUpdate(tx: DbTx, organizationId: string, projectId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Project" WHERE "id" = ${projectId} AND "organizationId" = ${organizationId}::uuid FOR NO KEY UPDATE`;
  return rows.length > 0;
}

/** Locks the project for deletion; false when not found. */
export async function lockProjectForDeletion(tx: DbTx, organizationId: string, projectId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Project" WHERE "id" = ${projectId} AND "organizationId" = ${organizationId}::uuid FOR UPDATE`;
  return rows.length > 0;
}

/**
 * Locks one unit of one project for an update and returns its current status,
 * so two concurrent updates cannot both report the same status change.
 */
export async function lockUnitForUpdate(
  tx: DbTx,
  organizationId: string,
  projectId: string,
  unitId: string,
): Promise<{ status: UnitStatus } | null> {
  const rows = await tx.$queryRaw<{ status: UnitStatus }[]>`
    SELECT "status"::text AS "status" FROM "Unit"
    WHERE "id" = ${unitId} AND "projectId" = ${projectId} AND "organizationId" = ${organizationId}::uuid
    FOR UPDATE`;
  return rows[0] ?? null;
}
