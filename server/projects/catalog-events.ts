import type { DomainEvent } from "../events/record-events";
import type { UnitStatus } from "./catalog-values";
import type { ProjectRepresentation, UnitRepresentation } from "./project-representation";

/**
 * Event payloads of the catalog. project.* carry `data.project`; unit.* carry
 * `data.unit` and its parent `data.project`, each in the same shape the API
 * returns (the project without its units list).
 */
export function projectEvent(
  type: "project.created" | "project.updated" | "project.deleted",
  project: ProjectRepresentation,
): DomainEvent {
  return { type, data: { project } };
}

export function unitEvent(type: "unit.created" | "unit.updated", unit: UnitRepresentation, project: ProjectRepresentation): DomainEvent {
  return { type, data: { unit, project } };
}

/** `previousStatus` spares receivers a lookup to learn where the unit came from. */
export function unitStatusChangedEvent(
  unit: UnitRepresentation,
  project: ProjectRepresentation,
  previousStatus: UnitStatus,
): DomainEvent {
  return { type: "unit.status_changed", data: { unit, project, previousStatus } };
}
