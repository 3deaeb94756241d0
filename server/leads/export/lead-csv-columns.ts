import type { LeadRepresentation } from "../lead-representation";

type Cell = string | number | boolean | null;

/**
 * The columns of a lead CSV export, in order: the lead's own fields as the
 * API names them, the names the dashboard shows beside the ids (stage,
 * project, assignee), and the objects (custom fields, source metadata, interest, offers
 * consent) as JSON text. One list, so
 * the header and every row agree and the documentation names the same set.
 */
export const LEAD_CSV_COLUMNS: readonly { header: string; cell: (lead: LeadRepresentation) => Cell }[] = [
  { header: "id", cell: (l) => l.id },
  { header: "firstName", cell: (l) => l.firstName },
  { header: "lastName", cell: (l) => l.lastName },
  { header: "email", cell: (l) => l.email },
  { header: "phone", cell: (l) => l.phone },
  { header: "company", cell: (l) => l.company },
  { header: "jobTitle", cell: (l) => l.jobTitle },
  { header: "status", cell: (l) => l.status },
  { header: "source", cell: (l) => l.source },
  { header: "externalId", cell: (l) => l.externalId },
  { header: "stageId", cell: (l) => l.stageId },
  { header: "stageName", cell: (l) => l.stageName },
  { header: "estimatedValue", cell: (l) => l.estimatedValue },
  { header: "score", cell: (l) => l.score },
  { header: "temperature", cell: (l) => l.temperature },
  { header: "city", cell: (l) => l.city },
  { header: "state", cell: (l) => l.state },
  { header: "country", cell: (l) => l.country },
  { header: "projectId", cell: (l) => l.projectId },
  { header: "projectName", cell: (l) => l.projectName },
  { header: "unitId", cell: (l) => l.unitId },
  { header: "assignedToId", cell: (l) => l.assignedToId },
  { header: "assignedToName", cell: (l) => l.assignedTo?.name ?? null },
  { header: "assignedToEmail", cell: (l) => l.assignedTo?.email ?? null },
  { header: "doNotCall", cell: (l) => l.doNotCall },
  { header: "interest", cell: (l) => (l.interest ? JSON.stringify(l.interest) : null) },
  { header: "offersConsent", cell: (l) => (l.offersConsent ? JSON.stringify(l.offersConsent) : null) },
  { header: "notes", cell: (l) => l.notes },
  { header: "customFields", cell: (l) => (l.customFields ? JSON.stringify(l.customFields) : null) },
  { header: "sourceMetadata", cell: (l) => (l.sourceMetadata ? JSON.stringify(l.sourceMetadata) : null) },
  { header: "createdAt", cell: (l) => l.createdAt },
  { header: "updatedAt", cell: (l) => l.updatedAt },
  { header: "lastActivityAt", cell: (l) => l.lastActivityAt },
];

export const LEAD_CSV_HEADERS = LEAD_CSV_COLUMNS.map((column) => column.header);

export function leadCsvRecord(lead: LeadRepresentation): Cell[] {
  return LEAD_CSV_COLUMNS.map((column) => column.cell(lead));
}
