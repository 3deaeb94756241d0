import type { Db } from "../../server/db/client";

export type CommandResult = Record<string, unknown>;

export interface Command {
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
