import { z } from "zod";
import { OPERATION_TYPES, PROJECT_STATUSES, PROJECT_TYPES, UNIT_STATUSES } from "../../../projects/catalog-values";
import { timestampSchema } from "../../schemas/timestamp";

/** Wire schemas shared by the project and unit procedures. */

/** A unit as embedded in the single-project read. */
export const embeddedUnitSchema = z.object({
  id: z.string().describe("Prefixed unit id (`unit_…`)"),
  name: z.string(),
  type: z.string().nullable(),
  price: z.number().int().describe("Whole number in the project's currency"),
  area: z.number().int().nullable().describe("Square meters"),
  status: z.enum(UNIT_STATUSES),
  leadId: z
    .string()
    .nullable()
    .describe("Extension: the lead (`lead_…`) who reserved or bought the unit; null when available or not named"),
  photos: z.array(z.string()).describe("Extension: the unit's photos, https URLs in display order; empty when none"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** A unit on its own (units list, create, update, event payloads): the embedded shape plus its project. */
export const unitSchema = embeddedUnitSchema.extend({
  projectId: z.string().describe("Prefixed project id (`prj_…`)"),
});

/** A project as listed, and as carried by events. */
export const projectSchema = z.object({
  id: z.string().describe("Prefixed project id (`prj_…`)"),
  name: z.string(),
  type: z.string().nullable().describe(`One of ${PROJECT_TYPES.join(", ")}`),
  promotora: z.string().nullable().describe("Developer name"),
  city: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  operationType: z.string().nullable().describe(`One of ${OPERATION_TYPES.join(", ")}`),
  currency: z.string().describe("ISO 4217 code"),
  salePrice: z.number().nullable(),
  rentPrice: z.number().nullable(),
  minPrice: z
    .number()
    .nullable()
    .describe("Lowest unit price when the project has units; otherwise salePrice, else rentPrice; null when none is set"),
  maxPrice: z
    .number()
    .nullable()
    .describe("Highest unit price when the project has units; otherwise salePrice, else rentPrice; null when none is set"),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().nullable(),
  parkingSpots: z.number().int().nullable(),
  builtArea: z.number().nullable().describe("Square meters"),
  lotArea: z.number().nullable().describe("Square meters"),
  status: z.enum(PROJECT_STATUSES),
  image: z.string().nullable().describe("Cover image URL"),
  unitCount: z.number().int().describe("Number of units; derived"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** The single-project read (and the update response): the project with every unit, oldest first. */
export const projectWithUnitsSchema = projectSchema.extend({ units: z.array(embeddedUnitSchema) });
