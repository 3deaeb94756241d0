import type { Principal } from "./auth/principal";
import type { Db } from "./db/client";

/**
 * What every domain function runs with: the database and the caller (a
 * member, a credential or the system actor), whose organization scopes every query.
 */
export interface DomainContext {
  db: Db;
  principal: Principal;
}
