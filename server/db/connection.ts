import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";
import { config } from "../config/config";

/**
 * Resolves the one database the process talks to: `DATABASE_URL` when set,
 * otherwise the embedded PostgreSQL (started here, or reused when another
 * inmo process already runs it). Either way the app speaks to PostgreSQL
 * through the same adapter.
 */
export async function acquireDatabase(log?: (message: string) => void): Promise<EmbeddedDatabase> {
  const configured = config().DATABASE_URL;
  if (configured) return { url: configured, owned: false, stop: async () => {} };
  return startEmbeddedPostgres({ log });
}
