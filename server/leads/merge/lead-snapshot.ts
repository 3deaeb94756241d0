import { Prisma, type Lead } from "../../db/generated/client";

/** What the database keeps by itself (triggers): never stored in a snapshot, recomputed when the row is written back. */
const DERIVED = ["searchText", "searchName", "emailKey", "nameKey"] as const;
const DATES = ["createdAt", "updatedAt", "lastActivityAt"] as const;

/** A merged-away lead's row as JSON, exactly enough to write it back under the same id. */
export type LeadSnapshot = Record<string, Prisma.JsonValue>;

export function snapshotOfLead(row: Lead): LeadSnapshot {
  const snapshot: LeadSnapshot = {};
  for (const key of Object.values(Prisma.LeadScalarFieldEnum)) {
    if ((DERIVED as readonly string[]).includes(key)) continue;
    const value = row[key];
    if (value instanceof Date) snapshot[key] = value.toISOString();
    else if (value instanceof Prisma.Decimal) snapshot[key] = value.toString();
    else snapshot[key] = value as Prisma.JsonValue;
  }
  return snapshot;
}

/** The row to insert again; references that no longer resolve are given by the caller as cleared. */
export function leadFromSnapshot(snapshot: LeadSnapshot): Prisma.LeadCreateManyInput {
  const data: Record<string, unknown> = { ...snapshot };
  for (const key of DATES) if (typeof data[key] === "string") data[key] = new Date(data[key]);
  if (typeof data.estimatedValue === "string") data.estimatedValue = new Prisma.Decimal(data.estimatedValue);
  for (const key of ["sourceMetadata", "customFields"]) if (data[key] === null) data[key] = Prisma.DbNull;
  return data as Prisma.LeadCreateManyInput;
}
