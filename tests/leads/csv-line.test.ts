import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { csvLine, type CsvCell } from "../../server/leads/export/csv-line";

/** The export's hand-written CSV line says exactly what csv-stringify (with the export's former options) said. */
const reference = (cells: CsvCell[]) => stringify([cells], { escape_formulas: true, cast: { boolean: (v) => (v ? "true" : "false") } });

describe("csvLine", () => {
  const cases: CsvCell[][] = [
    ["lead_1", "María", null, "", 12.5, -3, 0, true, false],
    ['He said "hi"', "a,b", "two\nlines", "carriage\rreturn", "crlf\r\nend"],
    ["=SUM(A1)", "+57 300", "-x", "@me", "\tTab", "\rCR", "\uFF1Dwide", "\uFF0B", "\uFF0D1", "\uFF20at"],
    ['=HYPERLINK("x")', "-1,2", "'quoted", " spaced ", "ümlaut ñ 中文"],
    [null, null],
    [""],
  ];
  for (const cells of cases) {
    it(JSON.stringify(cells), () => {
      expect(csvLine(cells)).toBe(reference(cells));
    });
  }
});
