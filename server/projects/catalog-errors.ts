import { ApiError } from "../errors/api-error";
import { explainDatabaseError } from "../errors/database-error";

export function projectNotFound(): ApiError {
  return new ApiError("NOT_FOUND", "projects.projectNotFound");
}

export function unitNotFound(): ApiError {
  return new ApiError("NOT_FOUND", "projects.unitNotFound");
}

/**
 * Turns database errors caused by concurrent writes into the contract's errors,
 * so a race never surfaces as a 500: a parent that vanished (foreign key) or a
 * row deleted under us is "not found"; a duplicate key, a deadlock or a
 * serialization failure is a conflict that is safe to retry. Anything else is
 * returned unchanged.
 */
export function mapCatalogWriteError(error: unknown, notFound: () => ApiError): unknown {
  const conflict = () => new ApiError("CONFLICT", "projects.writeConflict");
  return explainDatabaseError(error, {
    recordNotFound: notFound,
    foreignKeyViolation: notFound,
    uniqueViolation: conflict,
    writeConflict: conflict,
  });
}
