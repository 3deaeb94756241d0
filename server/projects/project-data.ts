import type { OperationType, ProjectStatus, ProjectType, UnitStatus } from "./catalog-values";

/**
 * What project and unit writes receive, already validated and normalised by
 * the procedure's schema (text trimmed, an empty string turned into null,
 * currency uppercased). An omitted field (undefined) is left as it is;
 * null clears it.
 */
interface ProjectAttributes {
  type?: ProjectType | null;
  promotora?: string | null;
  city?: string | null;
  address?: string | null;
  description?: string | null;
  country?: string | null;
  state?: string | null;
  operationType?: OperationType | null;
  salePrice?: number | null;
  rentPrice?: number | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
  parkingSpots?: number | null;
  builtArea?: number | null;
  lotArea?: number | null;
  image?: string | null;
}

export interface CreateUnitData {
  name: string;
  price: number;
  type?: string | null;
  area?: number | null;
  status?: UnitStatus;
  /** https URLs, validated at the door. */
  photos?: string[];
}

export type UpdateUnitData = Partial<CreateUnitData> & {
  /** The lead holding the unit; only with `reserved` or `sold`. */
  leadId?: string | null;
};

export interface CreateProjectData extends ProjectAttributes {
  name: string;
  currency?: string;
  status?: ProjectStatus;
  units?: CreateUnitData[];
}

export interface UpdateProjectData extends ProjectAttributes {
  name?: string;
  currency?: string;
  status?: ProjectStatus;
}
