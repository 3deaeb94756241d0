import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { sortOrderSchema } from "../../schemas/pagination";
import { LEAD_SORT_FIELDS } from "../../../leads/list-leads";
import { LEAD_CSV_HEADERS } from "../../../leads/export/lead-csv-columns";
import { listLeadsInput } from "./list-leads.types";

export const exportLeadsMeta: ProcedureMeta = {
  scope: "leads:read",
  streamsAs: { contentType: "text/csv", fileName: "leads.csv" },
  openapi: {
    method: "GET",
    path: "/leads/export",
    tags: ["Leads"],
    summary: "Export leads as CSV",
    description:
      "Extension beyond the contract. Every lead `GET /leads` would list with the same filters (`query`, `status`, `source`, " +
      "`stageId`, `assignedToId`, `updatedSince`, the funnel's `funnelProjectId`/`funnelStage`/`funnelPeriod`, all combined with AND) and the same order (`sortBy`, `sortOrder`), in one " +
      "`text/csv` download (UTF-8, comma-separated, RFC 4180 quoting, a header line first), streamed as it is read: there is " +
      "no page size and no total. A member under `own` lead visibility exports only the leads they see. " +
      `Columns, in order: ${LEAD_CSV_HEADERS.map((h) => `\`${h}\``).join(", ")}. Times are ISO 8601 in UTC; empty fields are empty cells; ` +
      "`customFields`, `sourceMetadata`, `interest` and `offersConsent` are JSON text; `doNotCall` is `true` or `false`. A text cell starting with `=`, `+`, " +
      "`-`, `@`, a tab or a carriage return is prefixed with `'` so spreadsheets do not run it as a formula (phones in E.164 " +
      "therefore read `'+57…`). Each export is recorded in the organization's lead access audit (who, when, which leads). " +
      "Costs one request like any call.",
  },
};

export const exportLeadsInput = listLeadsInput
  .pick({
    query: true,
    status: true,
    source: true,
    stageId: true,
    assignedToId: true,
    updatedSince: true,
    funnelProjectId: true,
    funnelStage: true,
    funnelPeriod: true,
  })
  .extend({
    sortOrder: sortOrderSchema,
    sortBy: z.enum(LEAD_SORT_FIELDS).default("createdAt").describe(`Sort field: ${LEAD_SORT_FIELDS.join(", ")}`),
  });

/** The CSV text in pieces; the REST door streams it (meta.streamsAs), OpenAPI documents it as `text/csv`. */
export const exportLeadsOutput = z.custom<AsyncIterable<string>>(
  (value) => typeof value === "object" && value !== null && Symbol.asyncIterator in value,
).meta({ type: "string", description: "The CSV text" });
