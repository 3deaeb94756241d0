import { Prisma } from "../db/generated/client";

/**
 * When a unit fits a lead's interest, as SQL over what the unit offers `o`
 * (`unitOffersSql`) and the lead's typed interest `li` ("LeadInterest"), so both directions
 * (a unit's leads, a lead's units) apply one rule, in the database, with the
 * ranking and the reasons computed beside it.
 *
 * What a unit offers: its project's operation (`sale_and_rent` offers both;
 * none stated counts as sale), its price in the project's currency (a sale
 * price, a monthly rent in a `rent` project), the project's bedrooms and
 * bathrooms, its area (else the project's built area), the project's city and
 * state, its type (else the project's) and its project. A criterion the lead
 * names must hold; one the unit cannot answer (no bedrooms stated) does not.
 * A budget compares only in its own currency (no conversion) and only with
 * the price of the operation the lead wants. Bounds are inclusive.
 */
/**
 * What each matchable unit offers, one row per unit (`o`): read once per
 * unit, so the comparison with each lead's interest is plain column
 * arithmetic (no per-lead function calls). `where` narrows the units (`u`,
 * `p`). Reserved and sold units, and units of archived projects, are never
 * offered.
 */
export function unitOffersSql(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT u."id" AS "unitId", u."projectId", u."organizationId", u."price"::numeric AS "price", p."currency",
           CASE p."operationType" WHEN 'rent' THEN ARRAY['rent'] WHEN 'sale_and_rent' THEN ARRAY['sale','rent'] ELSE ARRAY['sale'] END AS "operations",
           CASE WHEN p."operationType" = 'rent' THEN 'rent' ELSE 'sale' END AS "pricedOperation",
           p."bedrooms", p."bathrooms", COALESCE(u."area"::numeric, p."builtArea") AS "area",
           array_remove(ARRAY[lower("inmo_unaccent"(p."city")), lower("inmo_unaccent"(p."state"))], NULL) AS "places",
           lower(COALESCE(u."type", p."type")) AS "unitType"
    FROM "Unit" u JOIN "Project" p ON p."id" = u."projectId"
    WHERE u."status" = 'available' AND p."status" <> 'archived' AND ${where})`;
}

const budgetComparable = Prisma.sql`(li."currency" = o."currency" AND (li."operation" IS NULL OR li."operation" = o."pricedOperation"))`;

/** The offer `o` fits the interest `li`. */
export const unitFitsInterestSql = Prisma.sql`
  (li."operation" IS NULL OR li."operation" = ANY(o."operations"))
  AND (li."budgetMin" IS NULL OR (${budgetComparable} AND o."price" >= li."budgetMin"))
  AND (li."budgetMax" IS NULL OR (${budgetComparable} AND o."price" <= li."budgetMax"))
  AND (li."minBedrooms" IS NULL OR o."bedrooms" >= li."minBedrooms")
  AND (li."minBathrooms" IS NULL OR o."bathrooms" >= li."minBathrooms")
  AND (li."minArea" IS NULL OR o."area" >= li."minArea")
  AND (cardinality(li."places") = 0 OR li."places" && o."places")
  AND (cardinality(li."unitTypes") = 0 OR o."unitType" = ANY(li."unitTypes"))
  AND (cardinality(li."projectIds") = 0 OR o."projectId" = ANY(li."projectIds"))`;

/** The criteria a match met, by name, in a fixed order. */
export const MATCH_REASONS = ["project", "operation", "budget", "bedrooms", "bathrooms", "area", "place", "unitType"] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const matchReasonsSql = Prisma.sql`array_remove(ARRAY[
  CASE WHEN cardinality(li."projectIds") > 0 THEN 'project' END,
  CASE WHEN li."operation" IS NOT NULL THEN 'operation' END,
  CASE WHEN li."budgetMin" IS NOT NULL OR li."budgetMax" IS NOT NULL THEN 'budget' END,
  CASE WHEN li."minBedrooms" IS NOT NULL THEN 'bedrooms' END,
  CASE WHEN li."minBathrooms" IS NOT NULL THEN 'bathrooms' END,
  CASE WHEN li."minArea" IS NOT NULL THEN 'area' END,
  CASE WHEN cardinality(li."places") > 0 THEN 'place' END,
  CASE WHEN cardinality(li."unitTypes") > 0 THEN 'unitType' END
]::text[], NULL)`;

/**
 * The rank of a match: one point per criterion the lead named (a lead that
 * said more, and still fits, fits better), plus how well the price sits in
 * the budget, 0..1: the middle of a range scores 1 and its edges 0; under a
 * ceiling alone, the closer to it the better (what they can afford, not much
 * less); above a floor alone, the closer to it the better.
 */
export const matchScoreSql = Prisma.sql`round((
  cardinality(${matchReasonsSql})
  + CASE
      WHEN li."budgetMin" IS NOT NULL AND li."budgetMax" IS NOT NULL AND li."budgetMax" > li."budgetMin"
        THEN 1 - abs(o."price" - (li."budgetMin" + li."budgetMax") / 2) / ((li."budgetMax" - li."budgetMin") / 2)
      WHEN li."budgetMin" IS NOT NULL AND li."budgetMax" IS NOT NULL THEN 1
      WHEN li."budgetMax" IS NOT NULL AND li."budgetMax" > 0 THEN o."price" / li."budgetMax"
      WHEN li."budgetMin" IS NOT NULL AND o."price" > 0 THEN li."budgetMin" / o."price"
      ELSE 0
    END)::numeric, 3)::float8`;
