import type { Db } from "../../server/db/client";

export type CommandResult = Record<string, unknown>;

export interface Command {
  usesDatabaseUrl?: false;
  /** The two words that select it, e.g. "org create". */
  name: string;
  /** One usage line per flag set, shown by `help` and after a usage error. */
  usage: string;
  /**
   * Parses and validates the flags without touching the database (so a typo
   * fails fast, even on a machine whose database is not up), and returns the
   * work to run once it is.
   */
  prepare(args: string[]): (db: Db) => Promise<CommandResult>;
}

/**
 * A command that works on the database as it is, by its URL (backup,
 * restore): the CLI neither migrates it first nor opens a Prisma client.
 */
export interface UrlCommand {
  name: string;
  usage: string;
  usesDatabaseUrl: true;
  prepare(args: string[]): (databaseUrl: string) => Promise<CommandResult>;
}

export type AnyCommand = Command | UrlCommand;
