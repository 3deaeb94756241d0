import type { DomainContext } from "../../domain-context";
import { visibleImportsWhere } from "./find-lead-import";
import { leadImportSummarySelect, toLeadImportRepresentation, type LeadImportRepresentation } from "./lead-import-representation";

/** The imports the caller sees, newest first: the last 20. */
export async function listLeadImports(ctx: DomainContext): Promise<LeadImportRepresentation[]> {
  const rows = await ctx.db.leadImport.findMany({
    where: visibleImportsWhere(ctx.principal),
    select: leadImportSummarySelect,
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return rows.map(toLeadImportRepresentation);
}
