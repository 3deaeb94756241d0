import type { Project, Unit } from "../db/generated/client";
import type { ProjectStatus, UnitStatus } from "./catalog-values";
import type { UnitStats } from "./unit-stats";

/** A unit as embedded in the single-project read. Timestamps are ISO 8601 UTC with milliseconds. */
export interface EmbeddedUnitRepresentation {
  id: string;
  name: string;
  type: string | null;
  price: number;
  area: number | null;
  status: UnitStatus;
  /** Extension: the lead holding the unit while it is reserved or sold. */
  leadId: string | null;
  /** Extension: https photo URLs, in display order. */
  photos: string[];
  createdAt: string;
  updatedAt: string;
}

/** A unit on its own (units list, create, update, event payloads): the embedded shape plus its project. */
export interface UnitRepresentation extends EmbeddedUnitRepresentation {
  projectId: string;
}

/** A project as listed, and as carried by events. */
export interface ProjectRepresentation {
  id: string;
  name: string;
  type: string | null;
  promotora: string | null;
  city: string | null;
  address: string | null;
  description: string | null;
  country: string | null;
  state: string | null;
  operationType: string | null;
  currency: string;
  salePrice: number | null;
  rentPrice: number | null;
  /** Lowest unit price when the project has units; otherwise salePrice, else rentPrice. */
  minPrice: number | null;
  maxPrice: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  parkingSpots: number | null;
  builtArea: number | null;
  lotArea: number | null;
  status: ProjectStatus;
  image: string | null;
  unitCount: number;
  createdAt: string;
  updatedAt: string;
}

/** The single-project read (and the update response): the project with every unit, oldest first. */
export interface ProjectWithUnitsRepresentation extends ProjectRepresentation {
  units: EmbeddedUnitRepresentation[];
}

function decimal(value: { toNumber(): number } | null): number | null {
  return value === null ? null : value.toNumber();
}

export function presentEmbeddedUnit(unit: Unit): EmbeddedUnitRepresentation {
  return {
    id: unit.id,
    name: unit.name,
    type: unit.type,
    price: Number(unit.price),
    area: unit.area,
    status: unit.status,
    leadId: unit.leadId,
    photos: unit.photos ?? [],
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
