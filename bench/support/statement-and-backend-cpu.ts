import { readFileSync, readdirSync } from "node:fs";
import pg from "pg";

/**
 * What the in-process benchmarks count besides wall time, so their figures
 * hold on a loaded machine: the statements this process sends through `pg`
 * (the app's pool and any client alike) and the CPU time of the PostgreSQL
 * backends serving the benchmark's database.
 */
export interface StatementCounter {
  /** Statements sent since the counter was installed. */
  readonly count: number;
  /** Their text (first `width` characters, spacing folded) when recording is on. */
  readonly log: string[];
}

/** Counts every `pg` query of this process from now on; `record` keeps their text too (e.g. BENCH_SQL=1). */
export function countStatements(options: { record: boolean; width: number }): StatementCounter {
  const counter = { count: 0, log: [] as string[] };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    counter.count++;
    if (options.record) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      counter.log.push(String(text).replace(/\s+/g, " ").slice(0, options.width));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return counter;
}

/** CPU seconds per PostgreSQL backend serving `database` (its process title names the database), by process id. */
export function postgresCpuSeconds(database: string): Map<string, number> {
  const ticksPerSecond = 100;
  const seconds = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      // the process ended meanwhile, or is not ours to read
    }
  }
  return seconds;
}

/** CPU seconds the backends alive at both readings spent between them (the app's pool keeps its connections). */
export function spentBetween(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) if (before.has(pid)) total += seconds - before.get(pid)!;
  return total;
}
