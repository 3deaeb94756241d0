import { stringify } from "csv-stringify/sync";
import type { DomainContext } from "../../domain-context";
import type { Locale } from "../../i18n/messages";
import { readCsvFile } from "./csv-file";
import { findLeadImportOrThrow } from "./find-lead-import";
import type { ImportReason } from "./start-lead-import";

const EXTRA_HEADERS: Record<Locale, [string, string]> = { en: ["row", "reason"], es: ["fila", "motivo"] };

/**
 * The rows an import refused, as a CSV to fix and import again: the file's
 * own columns as uploaded, then the row's number among the file's data rows
 * and the reason, in the reader's language. Formula-looking cells are
 * prefixed like the export's.
 */
export async function* refusedRowsCsv(ctx: DomainContext, importId: string, locale: Locale): AsyncGenerator<string> {
  const leadImport = await findLeadImportOrThrow(ctx.db, ctx.principal, importId, { id: true, content: true });
  const refused = await ctx.db.leadImportRow.findMany({
    where: { importId: leadImport.id, status: "refused" },
    select: { rowIndex: true, reason: true },
    orderBy: { rowIndex: "asc" },
  });
  const file = readCsvFile(leadImport.content);
  const options = { escape_formulas: true, cast: { boolean: String } } as const;
  yield stringify([[...file.headers, ...EXTRA_HEADERS[locale]]], options);
  for (const row of refused) {
    const reason = row.reason as ImportReason | null;
    yield stringify([[...(file.rows[row.rowIndex] ?? []), String(row.rowIndex + 1), reason?.[locale] ?? ""]], options);
  }
}
