import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { matchedUnitSchema, matchLimitSchema, matchScoreFields, matchTotalSchema } from "./match.types";

export const listLeadMatchesMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/leads/{leadId}/matches",
    tags: ["Leads"],
    summary: "Units that fit a lead",
    description:
      "Extension. The available units of the organization that fit the lead's `interest`, best first, with the criteria " +
      "each meets. Every criterion the lead named must hold; an empty list when the lead has no interest. Reserved and " +
      "sold units, and units of archived projects, never match. A budget matches only units priced in its currency " +
      "(no conversion) and only the price of the operation the lead wants (a unit's price is a sale price, a monthly " +
      "rent in a `rent` project). Bedrooms and bathrooms are the project's; the area is the unit's, else the project's " +
      "built area; cities or zones compare with the project's city and state. Computed when asked, so a change is " +
      "reflected at once. 404 `NOT_FOUND` for a lead the caller does not see.",
  },
} as const satisfies ProcedureMeta;

export const listLeadMatchesInput = z.object({ leadId: pathIdSchema("lead"), limit: matchLimitSchema });

export const listLeadMatchesOutput = z.object({
  data: z.array(z.object({ unit: matchedUnitSchema, ...matchScoreFields })),
  total: matchTotalSchema,
});
