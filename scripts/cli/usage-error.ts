import type { z } from "zod";
import { reasonOfIssue } from "../../server/i18n/validation-reasons";

/** Bad arguments: reported with a usage hint and exit status 2, before any database work. */
export class UsageError extends Error {
  override name = "UsageError";
}

function flagName(key: PropertyKey | undefined): string {
  if (typeof key !== "string") return "arguments";
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Zod issues named after the flags the user typed: "--timezone: … ; --max-leads: …". */
export function usageErrorFromZod(error: z.ZodError): UsageError {
  const reasons = error.issues.map((issue) => `${flagName(issue.path[0])}: ${reasonOfIssue(issue, { kind: "developer" })}`);
  return new UsageError(reasons.join("; "));
}

/** Parses with a schema whose keys are the camelCase forms of the command's flags. */
export function validateFlags<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw usageErrorFromZod(result.error);
  return result.data;
}
