// Must stay the first import: it keeps stdout for the one JSON result.
import { printError, printResult } from "./cli/output";
import { ZodError } from "zod";
import { isApiError } from "../server/errors/api-error";
import { config } from "../server/config/config";
import { findCommand, usageText } from "./cli/commands";
import { UsageError, usageErrorFromZod } from "./cli/usage-error";

/**
 * Bootstrap CLI for self-hosting administrators and tests: creates
 * organizations, users, API keys and OAuth clients/tokens in the server's
 * database. Exit status: 0 success, 1 the operation was refused or failed,
 * 2 bad arguments.
 */

const HELP = new Set(["help", "--help", "-h"]);

async function run(argv: string[]): Promise<number> {
  const [group, action] = argv;
  if (group === undefined || HELP.has(group)) {
    process.stderr.write(`${usageText()}\n`);
    return group === undefined ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) throw new UsageError(`unknown command "${[group, action].filter(Boolean).join(" ")}"`);
  const { command, args } = found;
  if (args.some((arg) => HELP.has(arg))) {
    process.stderr.write(`usage: npm run --silent cli -- ${command.usage}\n`);
    return 0;
  }
  // Loaded only once the arguments are valid: the database client is most of the start-up time.
  const { withDatabase, withDatabaseUrl } = await import("./cli/database");
  const result = command.usesDatabaseUrl ? await withDatabaseUrl(command.prepare(args)) : await withDatabase(command.prepare(args));
  await printResult(result);
  return 0;
}

function reportFailure(error: unknown): number {
  if (error instanceof ZodError) error = usageErrorFromZod(error);
  if (error instanceof UsageError) {
    printError(`${error.message}\nRun \`npm run --silent cli -- help\` for usage.`);
    return 2;
  }
  if (isApiError(error)) {
    printError(error.message);
    return 1;
  }
  printError(error instanceof Error ? (verbose() ? String(error.stack) : error.message) : String(error));
  return 1;
}

/** `INMO_CLI_VERBOSE=1`; false when the configuration itself is what failed (its message names the variable). */
function verbose(): boolean {
  try {
    return config().INMO_CLI_VERBOSE;
  } catch {
    return false;
  }
}

const code = await run(process.argv.slice(2)).catch(reportFailure);
// Exit now rather than wait for idle pool timers: the result is already written.
process.exit(code);
