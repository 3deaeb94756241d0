import { Prisma } from "../db/generated/client";

/**
 * What a database error means for the request that caused it. Racing writes
 * are a normal part of a multi-user system: two sign-ups for one email, a row
 * deleted between a check and a write. Detected here, once, from Prisma's
 * error codes or, for raw SQL, PostgreSQL's SQLSTATE.
 */
export type DatabaseErrorKind =
  /** A unique constraint refused the write (P2002; SQLSTATE 23505). */
  | "uniqueViolation"
  /** The row the write named does not exist (P2025: an update or delete that found nothing). */
  | "recordNotFound"
  /** A referenced row is gone (P2003; SQLSTATE 23503). */
  | "foreignKeyViolation"
  /** A serialization failure or a deadlock (P2034; SQLSTATE 40001, 40P01): safe to retry. */
  | "writeConflict";

/** PostgreSQL's SQLSTATE as the driver adapter reports it (raw queries arrive as P2010 carrying it). */
function sqlState(error: Prisma.PrismaClientKnownRequestError): string | undefined {
  const adapterError = (error.meta as { driverAdapterError?: { cause?: { originalCode?: unknown } } } | undefined)?.driverAdapterError;
  const code = adapterError?.cause?.originalCode;
  return typeof code === "string" ? code : undefined;
}

export function databaseErrorKind(error: unknown): DatabaseErrorKind | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const state = sqlState(error);
  if (error.code === "P2002" || state === "23505") return "uniqueViolation";
  if (error.code === "P2025") return "recordNotFound";
  if (error.code === "P2003" || state === "23503") return "foreignKeyViolation";
  if (error.code === "P2034" || state === "40001" || state === "40P01") return "writeConflict";
  return null;
}

/** An area's own errors for the kinds it gives a specific meaning (a clear "already exists", a field error). */
export type DatabaseErrorMeaning = Partial<Record<DatabaseErrorKind, () => Error>>;

/**
 * The area's error for a database error of a kind it named, or the error
 * unchanged (renderError then answers 409 for a unique violation, 404 for a
 * missing record, 500 for the rest). Use as `throw explainDatabaseError(error, {...})`.
 */
export function explainDatabaseError(error: unknown, meaning: DatabaseErrorMeaning): unknown {
  const kind = databaseErrorKind(error);
  const explain = kind === null ? undefined : meaning[kind];
  return explain ? explain() : error;
}
