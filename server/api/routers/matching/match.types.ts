import { z } from "zod";
import { MATCH_REASONS } from "../../../matching/match-rules";
import { offersConsentSchema } from "../leads/lead-interest.types";
import { limitSchema } from "../../schemas/pagination";

/** Wire schemas shared by the two match lists (extensions). */

export const matchLimitSchema = limitSchema().describe("How many matches to return, best first: 1..100, default 20");

export const matchScoreFields = {
  score: z
    .number()
    .describe(
      "Rank, higher is better: one point per criterion the lead named (all of them are met), plus 0..1 for how well the " +
        "price sits in the budget (the middle of a range, or close under a ceiling, scores highest)",
    ),
  reasons: z
    .array(z.enum(MATCH_REASONS))
    .describe(`The criteria of the lead's interest this match meets: ${MATCH_REASONS.join(", ")}`),
};

export const matchTotalSchema = z.number().int().describe("How many match in all (the list is cut at `limit`)");

export const matchedLeadSchema = z.object({
  id: z.string().describe("Lead id, `lead_…`"),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string().describe("LeadStatus"),
  assignedToId: z.string().nullable(),
  offersConsent: offersConsentSchema,
});

export const matchedUnitSchema = z.object({
  id: z.string().describe("Unit id, `unit_…`"),
  projectId: z.string(),
  projectName: z.string(),
  name: z.string(),
  price: z.number().describe("In `currency`, the project's"),
  currency: z.string(),
  type: z.string().nullable(),
  area: z.number().nullable().describe("Square meters"),
  status: z.literal("available").describe("Always `available`: reserved and sold units never match"),
});
