import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { limitSchema } from "../../schemas/pagination";
import { parsedSynchronously } from "../../schemas/synchronous-parse";
import { LEAD_LIMITS as L, phoneDigitsOf } from "../../../leads/lead-limits";
import { timestampSchema } from "../../schemas/timestamp";
import { leadContactSchema, userSummarySchema } from "./lead.types";

export const searchLeadsMeta: ProcedureMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/leads/search",
    tags: ["Leads"],
    summary: "Search leads",
    description:
      "At least one of `email`, `phone`, `q` (400 `VALIDATION_ERROR` otherwise); when several are given, a lead must " +
      "match all of them. `email`: exact match after lowercasing. `phone`: compared by digits only; the stored digits " +
      "must end with the searched ones (so the last digits, or a number without country code, find the full number), " +
      "or, for stored numbers of 7 digits or more, the searched digits end with the stored ones. `q`: fuzzy (trigram " +
      "word similarity, typo-tolerant, and substring) on first name, last name, email and company; every word of `q` " +
      "must match. Best matches first, then newest. `limit` 1..50, default 10. Not paginated.",
  },
};

export const searchLeadsInput = z
  .object({
    email: z.string().trim().min(1).max(L.email).optional().describe("Exact email, compared lowercased"),
    phone: z
      .string()
      .max(L.phone)
      .refine((value) => phoneDigitsOf(value).length >= L.phoneMinDigits, { message: "validation.phoneMinDigits", params: { min: L.phoneMinDigits } })
      .optional()
      .describe("Phone in any formatting; only its digits are compared"),
    q: z
      .string()
      .trim()
      .min(L.searchQueryMin)
      .max(L.searchQueryMax)
      .optional()
      .describe(`Fuzzy text, ${L.searchQueryMin}..${L.searchQueryMax} characters`),
    limit: limitSchema({ max: L.searchLimitMax, default: L.searchLimitDefault }),
  })
  .refine((input) => input.email !== undefined || input.phone !== undefined || input.q !== undefined, {
    message: "validation.searchNeedsOne",
  });

export const searchLeadsOutput = parsedSynchronously(
  z.object({
    data: z.array(
      leadContactSchema.extend({
        stageId: z.string().nullable(),
        stageName: z.string().nullable(),
        assignedTo: userSummarySchema.nullable(),
        createdAt: timestampSchema,
      }),
    ),
  }),
);
