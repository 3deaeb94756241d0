import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { observedAdapter } from "./observed-adapter";
import { serialTransactions } from "./serial-transactions";
import { config } from "../config/config";
import { connectionWithSessionOptions } from "./session-settings";
import { statementNameOf } from "./prepared-statements";

export type Db = PrismaClient;
/** The client handed to domain code inside `db.$transaction(async (tx) => …)`. */
export type DbTx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export interface PrismaClientOptions {
  /** Defaults for `$transaction(async (tx) => …)`: Prisma's own are 2 s to get a connection and 5 s to finish. */
  transactionOptions?: { maxWait?: number; timeout?: number };
}

/**
 * A burst of writes waits for a pooled connection rather than failing: Prisma's
 * 2 s wait turned a busy moment (30 requests at once on 10 connections, a
 * loaded machine) into 500s for requests that would have succeeded a moment
 * later. The finish limit stays a guard against a runaway transaction.
 */
const TRANSACTION_DEFAULTS = { maxWait: 10_000, timeout: 30_000 };

export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg(
    { ...connectionWithSessionOptions(databaseUrl), max: config().DATABASE_POOL_SIZE },
    { statementNameGenerator: statementNameOf },
  );
  return new PrismaClient({
    adapter: serialTransactions(observedAdapter(adapter)),
    transactionOptions: { ...TRANSACTION_DEFAULTS, ...options.transactionOptions },
  });
}
