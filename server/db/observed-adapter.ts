import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import type pg from "pg";
import { inSpan, SpanKind } from "../observability/spans";
import { isTracing } from "../observability/tracing-state";
import { trace } from "@opentelemetry/api";

/** The connection pools of this process's clients, for the pool metrics (on globalThis: one set per process). */
const holder = globalThis as unknown as { inmoPools?: Set<pg.Pool> };
const pools = (holder.inmoPools ??= new Set<pg.Pool>());

export function databasePools(): pg.Pool[] {
  for (const pool of pools) if (pool.ended) pools.delete(pool);
  return [...pools];
}

/**
 * A span for every statement Prisma sends within a request or a job run (at
 * the driver adapter, so raw SQL and the query compiler's statements alike, in
 * that trace; the drivers' claims between runs make none). The statement text carries placeholders, never values. Applied only
 * while tracing is on, so an install without a collector pays nothing.
 */
function traced<T>(query: SqlQuery, run: () => Promise<T>): Promise<T> {
  // Only inside a request's or a job run's trace: the drivers' idle polls would otherwise make a trace a second each.
  if (!trace.getActiveSpan()) return run();
  const verb = operationOf(query.sql);
  return inSpan(`db ${verb}`, { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.operation.name": verb, "db.query.text": query.sql } }, () => run());
}

/**
 * The statement's operation: its first word, except that a `WITH …` statement
 * is named by the write it carries (`WITH r AS (…), l AS (INSERT …)` is an
 * INSERT), else SELECT — so a span says what the statement does to the data.
 */
function operationOf(sql: string): string {
  const first = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? "SQL";
  if (first !== "WITH") return first;
  return /\b(INSERT|UPDATE|DELETE|MERGE)\b/i.exec(sql)?.[1]?.toUpperCase() ?? "SELECT";
}

function tracedQueryable<Q extends SqlDriverAdapter | Transaction>(queryable: Q, wrap: (value: Q[keyof Q], property: keyof Q) => unknown): Q {
  return new Proxy(queryable, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as Q[keyof Q];
      if (property === "queryRaw" || property === "executeRaw") {
        const method = value as unknown as (query: SqlQuery) => Promise<unknown>;
        return (query: SqlQuery) => traced(query, () => method.call(target, query));
      }
      return wrap(value, property as keyof Q);
    },
  });
}

function tracedTransaction(tx: Transaction): Transaction {
  return tracedQueryable(tx, (value) => (typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(tx) : value));
}

function tracedAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return tracedQueryable(adapter, (value, property) => {
    if (property === "startTransaction") {
      const start = value as unknown as SqlDriverAdapter["startTransaction"];
      return async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => tracedTransaction(await start.apply(adapter, args));
    }
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(adapter) : value;
  });
}

/** Registers the adapter's pool for the metrics and, while tracing is on, makes a span of every statement. */
export function observedAdapter<F extends SqlDriverAdapterFactory>(factory: F): F {
  return new Proxy(factory, {
    get(target, property, receiver) {
      if (property === "connect") {
        return async () => {
          const adapter = await target.connect();
          const driver = (adapter as { underlyingDriver?: () => unknown }).underlyingDriver?.();
          if (driver && typeof (driver as pg.Pool).totalCount === "number") pools.add(driver as pg.Pool);
          return isTracing() ? tracedAdapter(adapter) : adapter;
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
