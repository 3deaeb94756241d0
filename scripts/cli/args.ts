import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { SCOPES, isScope, type Scope } from "../../server/auth/scopes";
import { UsageError } from "./usage-error";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Strict flag parsing: unknown flags, missing values and stray positionals are errors. */
export function parseFlags<O extends Options>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${command}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function required<T>(value: T | undefined, flag: string): T {
  if (value === undefined) throw new UsageError(`missing required flag ${flag}`);
  return value;
}

export function oneOf(flags: Record<string, unknown>, { atLeastOne }: { atLeastOne: boolean }): void {
  const given = Object.entries(flags).filter(([, value]) => value !== undefined && value !== false);
  const names = Object.keys(flags).join(" or ");
  if (given.length > 1) throw new UsageError(`use either ${names}, not both`);
  if (atLeastOne && given.length === 0) throw new UsageError(`missing required flag ${names}`);
}

const WHOLE_NUMBER = /^-?\d+$/;

export function parseInteger(value: string, flag: string, { min, max }: { min: number; max: number }): number {
  const parsed = WHOLE_NUMBER.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(parsed)) throw new UsageError(`${flag}: expected a whole number, got "${value}"`);
  if (parsed < min || parsed > max) throw new UsageError(`${flag}: must be between ${min} and ${max}`);
  return parsed;
}

const INT32_MAX = 2_147_483_647;

/** A plan limit flag: a positive whole number, or `unlimited` (stored as null). Omitted stays undefined. */
export function parsePlanLimit(value: string | undefined, flag: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === "unlimited") return null;
  return parseInteger(value, flag, { min: 1, max: INT32_MAX });
}

export function parsePositiveInteger(value: string | undefined, flag: string): number | undefined {
  return value === undefined ? undefined : parseInteger(value, flag, { min: 1, max: INT32_MAX });
}

const instantSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** An ISO 8601 instant with offset (`2030-01-31T18:00:00Z`) or a date (`2030-01-31`, midnight UTC). */
export function parseInstant(value: string, flag: string): Date {
  if (!instantSchema.safeParse(value.trim()).success) {
    throw new UsageError(`${flag}: expected an ISO 8601 date or date-time with offset, got "${value}"`);
  }
  return new Date(value.trim());
}

/**
 * Scope lists: omitted or empty means no scopes at all (a credential never
 * gets more access than was asked for explicitly); `all` means the whole
 * catalogue; otherwise comma-separated scope names.
 */
export function parseScopes(value: string | undefined, flag = "--scopes"): Scope[] {
  if (value === undefined) return [];
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.includes("all")) {
    if (names.length > 1) throw new UsageError(`${flag}: "all" cannot be combined with other scopes`);
    return [...SCOPES];
  }
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) {
    throw new UsageError(`${flag}: unknown scope ${unknown.map((n) => `"${n}"`).join(", ")}; known scopes: ${SCOPES.join(", ")}, or all`);
  }
  return SCOPES.filter((scope) => names.includes(scope));
}
