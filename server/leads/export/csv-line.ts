/** One cell of a lead export (lead-csv-columns.ts): text, a number, a flag, or empty. */
export type CsvCell = string | number | boolean | null;

/**
 * First characters a spreadsheet reads as a formula (OWASP "CSV injection"), ASCII and the full-width forms some
 * spreadsheet apps normalise: such a text cell gets a leading `'`. The same set csv-stringify's `escape_formulas`
 * uses; a negative number is a number, not a formula.
 */
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);
const NEEDS_QUOTES = /[",\r\n]/;

function csvCell(cell: CsvCell): string {
  if (cell === null || cell === "") return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "boolean") return cell ? "true" : "false";
  const text = FORMULA_STARTS.has(cell[0]!) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV line (RFC 4180: comma-separated, a cell quoted only when it holds a quote, comma or line break, quotes
 * doubled; `\n` at the end). Written by hand for the export's fixed shape — cells already strings, numbers or
 * flags — because csv-stringify's general path (casting, per-cell options) was over a tenth of a 100,000-lead
 * export's time; its output for these cells is the same, which tests/leads/csv-line.test.ts checks.
 */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? "" : ",") + csvCell(cells[i]!);
  return `${line}\n`;
}
