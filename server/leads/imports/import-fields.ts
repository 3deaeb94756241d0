/** The lead fields a CSV column can fill, in the order the mapping shows them. */
export const IMPORT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "jobTitle",
  "source",
  "status",
  "estimatedValue",
  "city",
  "state",
  "country",
  "notes",
  "externalId",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Lead field → index of the column that fills it. */
export type ImportMapping = Partial<Record<ImportField, number>>;

/** Header names people use for each field, in English and Spanish, compared case- and accent-folded. */
const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  firstName: ["first name", "firstname", "given name", "name", "nombre", "nombres", "primer nombre"],
  lastName: ["last name", "lastname", "surname", "family name", "apellido", "apellidos"],
  email: ["email", "e-mail", "email address", "mail", "correo", "correo electronico", "e-mail address"],
  phone: ["phone", "phone number", "mobile", "cell", "telephone", "whatsapp", "telefono", "celular", "movil", "numero de telefono"],
  company: ["company", "organization", "empresa", "compania", "organizacion"],
  jobTitle: ["job title", "title", "position", "cargo", "puesto"],
  source: ["source", "lead source", "origen", "fuente"],
  status: ["status", "estado"],
  estimatedValue: ["estimated value", "value", "budget", "valor", "valor estimado", "presupuesto"],
  city: ["city", "ciudad"],
  state: ["state", "province", "region", "estado/provincia", "provincia", "departamento", "region/estado"],
  country: ["country", "pais"],
  notes: ["notes", "note", "comments", "notas", "nota", "comentarios", "observaciones"],
  externalId: ["external id", "externalid", "id externo", "lead id", "leaduuid"],
};

export function foldHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[_.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The mapping the dashboard proposes: each field takes the first column whose header names it (the API's own names included). */
export function suggestMapping(headers: readonly string[]): ImportMapping {
  const folded = headers.map(foldHeader);
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const names = [foldHeader(field), ...HEADER_NAMES[field]];
    const index = folded.findIndex((header, i) => !taken.has(i) && names.includes(header));
    if (index !== -1) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/**
 * One row as a lead body (what `POST /leads` takes): the mapped cells,
 * trimmed, empty ones left out; a value given with a thousands separator or
 * a decimal comma ("250.000", "1.234,5") read as people write it.
 */
export function rowBody(mapping: ImportMapping, cells: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index === undefined) continue;
    const cell = (cells[index] ?? "").trim();
    if (cell === "") continue;
    body[field] = field === "estimatedValue" ? amountOf(cell) : field === "status" || field === "source" ? cell.toLowerCase() : cell;
  }
  return body;
}

function amountOf(cell: string): number | string {
  const digits = cell.replace(/[^\d.,-]/g, "");
  const lastSeparator = Math.max(digits.lastIndexOf(","), digits.lastIndexOf("."));
  // A separator followed by exactly three digits groups thousands; otherwise it is the decimal point.
  const decimals = lastSeparator !== -1 && digits.length - lastSeparator - 1 !== 3;
  const normalized = decimals
    ? digits.slice(0, lastSeparator).replace(/[.,]/g, "") + "." + digits.slice(lastSeparator + 1)
    : digits.replace(/[.,]/g, "");
  const value = Number(normalized);
  return normalized !== "" && Number.isFinite(value) ? value : cell;
}
