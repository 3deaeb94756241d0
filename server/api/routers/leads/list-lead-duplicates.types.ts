import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { DUPLICATE_REASONS, MAX_CANDIDATES } from "../../../leads/duplicates/find-duplicates";
import { leadSchema } from "./lead.types";

export const listLeadDuplicatesMeta: ProcedureMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/leads/{leadId}/duplicates",
    tags: ["Leads"],
    summary: "A lead's possible duplicates",
    description:
      "Extension. The leads that look like the same person, best first: `same_phone` (the phones are one number in " +
      "E.164, national numbers read in the organization's default country), `same_email` (compared lowercased; for " +
      "gmail.com and googlemail.com addresses, which Google defines so, dots and a `+tag` in the local part are " +
      "ignored), `similar_name_and_company` (first and last name and company equal once accents, case, spacing and " +
      "punctuation are folded). `score` 0..100: 90 for a phone or e-mail match, 60 for name and company, plus 10 for " +
      `each further rule that also holds. At most ${MAX_CANDIDATES}, oldest first among equal scores. Only leads the ` +
      "caller may see are listed (lead visibility). 404 `NOT_FOUND` when the lead is missing, out of sight or in " +
      "another organization; for a lead merged into another, the message names the surviving lead.",
  },
};

const reasonSchema = z.enum(DUPLICATE_REASONS).describe(`Why: ${DUPLICATE_REASONS.join(", ")}`);

export const listLeadDuplicatesInput = z.object({ leadId: pathIdSchema("lead") });

export const listLeadDuplicatesOutput = z.object({
  data: z.array(
    z.object({
      leadId: z.string().describe("The candidate's id, `lead_…`"),
      reason: reasonSchema.describe("The strongest rule that holds"),
      reasons: z.array(reasonSchema).describe("Every rule that holds, strongest first"),
      score: z.number().int().describe("0..100; higher is surer"),
      flaggedAtCreate: z.boolean().describe("Whether the duplicate check found it when this lead was created (policy `suggest`)"),
      lead: leadSchema.describe("The candidate as `GET /leads/{leadId}` returns it"),
    }),
  ),
});
