import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { serialTransactions } from "./serial-transactions";

export type Db = PrismaClient;
/** The client handed to domain code inside `db.$transaction(async (tx) => …)`. */
export type DbTx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export function createPrismaClient(databaseUrl: string): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new PrismaClient({ adapter: serialTransactions(adapter) });
}
