import pg from "pg";

/**
 * Makes the losing side of a unique-key race happen on demand. `rival` runs
 * in a transaction left open, so the code under test's "is it taken?" check
 * does not see the row; once that code's own insert waits on the row's
 * unique index (seen in pg_stat_activity, not guessed from time), the rival
 * commits and the insert fails exactly as a real race's loser does.
 */
export async function loseUniqueRace<T>(databaseUrl: string, rival: { sql: string; params?: unknown[] }, action: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  const observer = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await observer.connect();
  try {
    await holder.query("BEGIN");
    await holder.query(rival.sql, rival.params);
    const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const holderPid = rows[0]!.pid;

    let settled = false;
    const running = action().finally(() => {
      settled = true;
    });
    running.catch(() => undefined); // observed below; not an unhandled rejection while we wait
    for (;;) {
      const waiting = await observer.query("SELECT 1 FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))", [holderPid]);
      if (waiting.rowCount || settled) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query("COMMIT");
    return await running;
  } finally {
    await holder.end();
    await observer.end();
  }
}
