import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "../../../server/db/generated/client";

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/**
 * A Prisma client that records the SQL it sends, so the benchmark can EXPLAIN
 * exactly what an endpoint's domain function runs (not a hand-written copy).
 */
export function recordingClient(databaseUrl: string) {
  const captured: CapturedQuery[] = [];
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl, max: 2 }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", (event: Prisma.QueryEvent) => {
    captured.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] });
  });
  return {
    client,
    /** Runs `work` and returns the statements it issued (transaction control statements left out). */
    async capture(work: (db: PrismaClient) => Promise<unknown>): Promise<CapturedQuery[]> {
      captured.length = 0;
      await work(client);
      return captured.filter((query) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(query.sql.trim()));
    },
  };
}

export interface Plan {
  title: string;
  text: string;
  /** The statement reads "Lead" only through indexes (statements on small lookup tables pass trivially). */
  leadReadByIndex: boolean;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement, run in a rolled-back transaction (so writes leave nothing). */
export async function explain(
  databaseUrl: string,
  title: string,
  query: CapturedQuery,
  setup: CapturedQuery[] = [],
): Promise<Plan> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    for (const statement of setup) await client.query(statement.sql, statement.params);
    const result = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
    await client.query("ROLLBACK");
    const text = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    const touchesLead = /on "Lead"/.test(text);
    const indexed = /(Index Scan|Index Only Scan|Index Scan Backward|Bitmap Heap Scan) (using \S+ )?on "Lead"/.test(text);
    return { title, text, leadReadByIndex: !/Seq Scan on "Lead"/.test(text) && (!touchesLead || indexed) };
  } finally {
    await client.end();
  }
}

/** Prisma.Sql (from `Prisma.sql` tagged templates) as a pg statement. */
export function fromPrismaSql(sql: Prisma.Sql): CapturedQuery {
  return { sql: sql.text, params: sql.values };
}
