import { idPattern } from "../ids";

const PROJECT_ID = idPattern("project");
const UNIT_ID = idPattern("unit");

/**
 * Path ids are matched by shape before any query: an id that cannot exist is
 * answered like one that does not exist (404 NOT_FOUND), which is what an
 * integrator needs to know, without a round trip to the database.
 */
export function isProjectId(value: string): boolean {
  return PROJECT_ID.test(value);
}

export function isUnitId(value: string): boolean {
  return UNIT_ID.test(value);
}
