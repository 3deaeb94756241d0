import type { Principal } from "../auth/principal";
import type { Db } from "../db/client";

/** What every catalog operation runs with: the database and the caller, whose organization scopes every query. */
export interface ProjectsContext {
  db: Db;
  principal: Principal;
}
