import type { LeadRepresentation } from "../leads/lead-representation";
import type { ChangeSet } from "../events/changed-fields";
import type { DomainEvent } from "../events/record-events";
import type { UnitStatus } from "./catalog-values";
import type { ProjectRepresentation, UnitRepresentation } from "./project-representation";

/**
 * Event payloads of the catalog. project.* carry `data.project`; unit.* carry
 * `data.unit` and its parent `data.project`, each in the same shape the API
 * returns (the project without its units list).
 */
export function projectEvent(type: "project.created" | "project.deleted", project: ProjectRepresentation): DomainEvent {
  return { type, data: { project } };
}

/** `changes` holds exactly the project's fields the write changed, `{from, to}` in API values. */
export function projectUpdatedEvent(project: ProjectRepresentation, changes: ChangeSet): DomainEvent {
  return { type: "project.updated", data: { project, changes } };
}

export function unitEvent(type: "unit.created", unit: UnitRepresentation, project: ProjectRepresentation): DomainEvent {
  return { type, data: { unit, project } };
}

/** `changes` holds exactly the unit's fields the write changed, `{from, to}` in API values. */
export function unitUpdatedEvent(unit: UnitRepresentation, project: ProjectRepresentation, changes: ChangeSet): DomainEvent {
  return { type: "unit.updated", data: { unit, project, changes } };
}

/** `previousStatus` spares receivers a lookup to learn where the unit came from. */
export function unitStatusChangedEvent(
  unit: UnitRepresentation,
  project: ProjectRepresentation,
  previousStatus: UnitStatus,
  lead: LeadRepresentation | null = null,
): DomainEvent {
  return { type: "unit.status_changed", data: { unit, project, previousStatus, lead } };
}
