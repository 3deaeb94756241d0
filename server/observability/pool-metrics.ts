import { databasePools } from "../db/observed-adapter";
import { config } from "../config/config";
import { metrics } from "./metrics";

/** This process's connection pools, summed: open, idle, and requests waiting for a connection. */
export function collectDatabasePool(): void {
  let total = 0;
  let idle = 0;
  let waiting = 0;
  for (const pool of databasePools()) {
    total += pool.totalCount;
    idle += pool.idleCount;
    waiting += pool.waitingCount;
  }
  const { databasePool, databasePoolMax } = metrics();
  databasePool.set({ state: "total" }, total);
  databasePool.set({ state: "idle" }, idle);
  databasePool.set({ state: "waiting" }, waiting);
  databasePoolMax.set(config().DATABASE_POOL_SIZE);
}
