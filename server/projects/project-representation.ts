import { z } from "zod";
import type { Project, Unit } from "../db/generated/client";
import { OPERATION_TYPES, PROJECT_STATUSES, PROJECT_TYPES, UNIT_STATUSES } from "./catalog-values";
import type { UnitStats } from "./unit-stats";

const timestamp = z.string().describe("ISO 8601 UTC with milliseconds");

/** A unit as embedded in the single-project read. */
export const embeddedUnitSchema = z.object({
  id: z.string().describe("Prefixed unit id (`unit_…`)"),
  name: z.string(),
  type: z.string().nullable(),
  price: z.number().int().describe("Whole number in the project's currency"),
  area: z.number().int().nullable().describe("Square meters"),
  status: z.enum(UNIT_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
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
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The single-project read (and the update response): the project with every unit, oldest first. */
export const projectWithUnitsSchema = projectSchema.extend({ units: z.array(embeddedUnitSchema) });

export type ProjectRepresentation = z.infer<typeof projectSchema>;
export type UnitRepresentation = z.infer<typeof unitSchema>;
export type ProjectWithUnitsRepresentation = z.infer<typeof projectWithUnitsSchema>;

function decimal(value: { toNumber(): number } | null): number | null {
  return value === null ? null : value.toNumber();
}

export function presentEmbeddedUnit(unit: Unit): z.infer<typeof embeddedUnitSchema> {
  return {
    id: unit.id,
    name: unit.name,
    type: unit.type,
    price: Number(unit.price),
    area: unit.area,
    status: unit.status,
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
  };
}

export function presentUnit(unit: Unit): UnitRepresentation {
  const { id, ...rest } = presentEmbeddedUnit(unit);
  return { id, projectId: unit.projectId, ...rest };
}

export function presentProject(project: Project, stats: UnitStats): ProjectRepresentation {
  const salePrice = decimal(project.salePrice);
  const rentPrice = decimal(project.rentPrice);
  // Units are the real offer; the project's own prices stand in until units exist.
  const fallbackPrice = salePrice ?? rentPrice;
  return {
    id: project.id,
    name: project.name,
    type: project.type,
    promotora: project.promotora,
    city: project.city,
    address: project.address,
    description: project.description,
    country: project.country,
    state: project.state,
    operationType: project.operationType,
    currency: project.currency,
    salePrice,
    rentPrice,
    minPrice: stats.count > 0 ? stats.minPrice : fallbackPrice,
    maxPrice: stats.count > 0 ? stats.maxPrice : fallbackPrice,
    bedrooms: project.bedrooms,
    bathrooms: decimal(project.bathrooms),
    parkingSpots: project.parkingSpots,
    builtArea: decimal(project.builtArea),
    lotArea: decimal(project.lotArea),
    status: project.status,
    image: project.image,
    unitCount: stats.count,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

/** Stats of a set of units already loaded, so a read does not count them twice. */
export function statsOfUnits(units: readonly Pick<Unit, "price">[]): UnitStats {
  if (units.length === 0) return { count: 0, minPrice: null, maxPrice: null };
  const prices = units.map((unit) => Number(unit.price));
  return { count: units.length, minPrice: Math.min(...prices), maxPrice: Math.max(...prices) };
}

export function presentProjectWithUnits(project: Project, units: Unit[]): ProjectWithUnitsRepresentation {
  return { ...presentProject(project, statsOfUnits(units)), units: units.map(presentEmbeddedUnit) };
}
