import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "../../server/db/generated/client";
import { SESSION_OPTIONS } from "../../server/db/session-settings";

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
    adapter: new PrismaPg({ connectionString: databaseUrl, max: 2, options: SESSION_OPTIONS }),
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
  sql: string;
  text: string;
  /** The statement reads "Lead" only through indexes (statements on small lookup tables pass trivially). */
  leadReadByIndex: boolean;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of statements run in order in one rolled-back
 * transaction (so settings made by one apply to the next, and writes leave nothing).
 */
export async function explainAll(databaseUrl: string, title: string, statements: CapturedQuery[]): Promise<Plan[]> {
  const client = new pg.Client({ connectionString: databaseUrl, options: SESSION_OPTIONS });
  await client.connect();
  try {
    await client.query("BEGIN");
    const plans: Plan[] = [];
    for (const [index, query] of statements.entries()) {
      const result = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
      const text = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      const touchesLead = /on "Lead"/.test(text);
      const indexed = /(Index Scan|Index Only Scan|Index Scan Backward|Bitmap Heap Scan) (using \S+ )?on "Lead"/.test(text);
      plans.push({
        title: statements.length > 1 ? `${title} [${index + 1}/${statements.length}]` : title,
        sql: query.sql.replace(/\s+/g, " ").trim(),
        text,
        leadReadByIndex: !/Seq Scan on "Lead"/.test(text) && (!touchesLead || indexed),
      });
    }
    await client.query("ROLLBACK");
    return plans;
  } finally {
    await client.end();
  }
}
