import { parse } from "csv-parse/sync";
import { ApiError } from "../../errors/api-error";

/** The largest file an import takes (its text), and the most rows: what one job finishes in well under a minute. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export interface CsvFile {
  delimiter: "," | ";" | "\t";
  headers: string[];
  rows: string[][];
}

/**
 * Reads the text of a CSV file as people export it: a UTF-8 byte-order mark
 * (Excel's "CSV UTF-8") is dropped; the delimiter is the one of `,`, `;`
 * (Excel in Spanish-speaking locales, where `,` is the decimal separator) or
 * a tab that the header line uses most; quoted cells may hold delimiters and
 * line breaks (RFC 4180); short rows are padded and blank lines skipped.
 */
export function readCsvFile(text: string): CsvFile {
  if (Buffer.byteLength(text, "utf8") > IMPORT_MAX_BYTES) throw new ApiError("VALIDATION_ERROR", "intake.importTooLarge", { megabytes: IMPORT_MAX_BYTES / 1024 / 1024 });
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = delimiterOf(body);
  let records: string[][];
  try {
    records = parse(body, { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, relax_quotes: true }) as string[][];
  } catch {
    throw new ApiError("VALIDATION_ERROR", "intake.importUnreadable");
  }
  const [headerRow, ...rows] = records.filter((record) => record.some((cell) => cell.trim() !== ""));
  if (!headerRow) throw new ApiError("VALIDATION_ERROR", "intake.importEmpty");
  if (rows.length > IMPORT_MAX_ROWS) throw new ApiError("VALIDATION_ERROR", "intake.importTooManyRows", { max: IMPORT_MAX_ROWS });
  const headers = headerRow.map((header) => header.trim());
  return { delimiter, headers, rows: rows.map((row) => headers.map((_, index) => row[index] ?? "")) };
}

function delimiterOf(text: string): CsvFile["delimiter"] {
  const end = text.indexOf("\n");
  const header = end === -1 ? text : text.slice(0, end);
  const counts = ([",", ";", "\t"] as const).map((delimiter) => ({ delimiter, count: header.split(delimiter).length - 1 }));
  return counts.sort((a, b) => b.count - a.count)[0]!.count > 0 ? counts[0]!.delimiter : ",";
}
