import { ApiError } from "../errors/api-error";

export function projectNotFound(): ApiError {
  return new ApiError("NOT_FOUND", "projects.projectNotFound");
}

export function unitNotFound(): ApiError {
  return new ApiError("NOT_FOUND", "projects.unitNotFound");
}

function errorCodes(error: unknown): { prisma?: string; postgres?: string } {
  if (typeof error !== "object" || error === null) return {};
  const { code, meta } = error as { code?: unknown; meta?: { code?: unknown } };
  return {
    prisma: typeof code === "string" ? code : undefined,
    postgres: typeof meta?.code === "string" ? meta.code : undefined,
  };
}

/**
 * Turns database errors caused by concurrent writes into the contract's errors,
 * so a race never surfaces as a 500: a parent that vanished (foreign key) or a
 * row deleted under us is "not found"; a duplicate key, a deadlock or a
 * serialization failure is a conflict that is safe to retry. Anything else is
 * returned unchanged.
 */
export function mapCatalogWriteError(error: unknown, notFound: () => ApiError): unknown {
  if (error instanceof ApiError) return error;
  const { prisma, postgres } = errorCodes(error);
  if (prisma === "P2003" || prisma === "P2025" || postgres === "23503") return notFound();
  if (prisma === "P2002" || prisma === "P2034" || postgres === "23505" || postgres === "40001" || postgres === "40P01") {
    return new ApiError("CONFLICT", "projects.writeConflict");
  }
  return error;
}
