import type { Principal } from "../auth/principal";
import type { Db } from "../db/client";

/** What lead domain functions run with: the database and the caller, whose organization scopes every query. */
export interface DomainContext {
  db: Db;
  principal: Principal;
}
