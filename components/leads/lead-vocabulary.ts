/**
 * The lead vocabularies the UI offers, straight from the API's own lists
 * (a module of plain constants, safe in the browser bundle).
 */
export {
  COMMUNICATION_DIRECTIONS as COMMUNICATION_DIRECTION_VALUES,
  COMMUNICATION_TYPES as COMMUNICATION_TYPE_VALUES,
  LEAD_SOURCES as LEAD_SOURCE_VALUES,
  LEAD_STATUSES as LEAD_STATUS_VALUES,
} from "~/server/leads/lead-enums";
