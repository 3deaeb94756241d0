/**
 * The text of an uploaded CSV file: UTF-8 (with or without Excel's
 * byte-order mark, which the server drops), else Windows-1252, the encoding
 * Excel on Windows gives a plain "CSV" file.
 */
export async function readCsvFileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
