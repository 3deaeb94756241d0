import { TRPCError } from "@trpc/server";
import type { $ZodIssue } from "zod/v4/core";
import { malformedPathIdKind, pathIdNotFound } from "../ids";
import { translate, type Locale } from "../i18n/messages";
import { pathOfIssue, reasonOfIssue, reasonOfValidationIssue, type ReasonAudience } from "../i18n/validation-reasons";
import { ApiError, ERROR_STATUS, wireCode, type ApiErrorCode } from "./api-error";
import { databaseErrorKind } from "./database-error";

export interface RenderedError {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

const DEVELOPER: ReasonAudience = { kind: "developer" };

/** `path: reason` per failing field, joined by `; ` (the spec's VALIDATION_ERROR message). */
export function formatZodIssues(issues: readonly $ZodIssue[], audience: ReasonAudience = DEVELOPER): string {
  return issues.map((issue) => `${pathOfIssue(issue)}: ${reasonOfIssue(issue, audience)}`).join("; ");
}

function isZodError(value: unknown): value is { issues: $ZodIssue[] } {
  return value instanceof Error && value.name === "ZodError" && Array.isArray((value as { issues?: unknown }).issues);
}

/** tRPC's own wrapper when a procedure's output fails its `.output()` schema (its cause is the ZodError). */
function isOutputValidationFailure(cause: unknown): boolean {
  return cause instanceof TRPCError && cause.code === "INTERNAL_SERVER_ERROR" && cause.message === "Output validation failed";
}

function fromApiError(error: ApiError, locale: Locale, audience: ReasonAudience = DEVELOPER): RenderedError {
  const key = error.messageKey;
  const message =
    typeof key === "string"
      ? translate(key, locale, error.params)
      : "text" in key
        ? key.text
        : key.issues.map((issue) => `${issue.path}: ${reasonOfValidationIssue(issue, audience)}`).join("; ");
  return { status: error.status, code: wireCode(error.code), message, headers: error.headers };
}

/**
 * The refused fields of a validation failure, `{path: reason}`, in the
 * audience's language (the dashboard shows each next to its field); undefined
 * for any other error.
 */
export function fieldErrorsOf(cause: unknown, audience: ReasonAudience): Record<string, string> | undefined {
  const error = cause instanceof TRPCError && cause.cause ? cause.cause : cause;
  if (error instanceof ApiError && typeof error.messageKey === "object" && "issues" in error.messageKey) {
    return Object.fromEntries(error.messageKey.issues.map((issue) => [issue.path, reasonOfValidationIssue(issue, audience)]));
  }
  if (isZodError(error) && !malformedPathIdKind(error.issues as { params?: Record<string, unknown> }[])) {
    return Object.fromEntries(error.issues.map((issue) => [pathOfIssue(issue), reasonOfIssue(issue, audience)]));
  }
  return undefined;
}

const TRPC_CODE_TO_API: Partial<Record<TRPCError["code"], ApiErrorCode>> = {
  BAD_REQUEST: "BAD_REQUEST",
  PARSE_ERROR: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  METHOD_NOT_SUPPORTED: "METHOD_NOT_ALLOWED",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
  UNSUPPORTED_MEDIA_TYPE: "BAD_REQUEST",
  PAYLOAD_TOO_LARGE: "BAD_REQUEST",
};

/**
 * A database error a client's request can cause, with no meaning given by its
 * area (explainDatabaseError): a duplicate is a conflict, a row that vanished
 * under the write is missing. Other database errors stay 500s (a deadlock is
 * safe to retry, which a 5xx says and a 4xx would not).
 */
function fromDatabaseError(error: unknown): ApiError | null {
  const kind = databaseErrorKind(error);
  if (kind === "uniqueViolation") return new ApiError("CONFLICT", "database.duplicate");
  if (kind === "recordNotFound") return new ApiError("NOT_FOUND", "database.recordNotFound");
  return null;
}

/**
 * Maps anything thrown while serving a request to the contract's error, its
 * message in the organization's language and its validation reasons for the
 * audience (developers at the REST door, people in the dashboard): an
 * ApiError keeps its code; zod failures become VALIDATION_ERROR, except a
 * malformed path id, which names a missing resource (NOT_FOUND); a unique
 * violation is CONFLICT and a missing record NOT_FOUND; tRPC's own errors
 * map by code; everything else is a 500 whose message reveals nothing.
 */
export function renderError(cause: unknown, locale: Locale = "en", audience: ReasonAudience = DEVELOPER): RenderedError {
  // A procedure's answer that fails its own `.output()` schema is our bug, not the client's: a 500 (logged by the doors).
  if (isOutputValidationFailure(cause)) {
    return { status: 500, code: "INTERNAL_ERROR", message: translate("internal", locale), headers: {} };
  }
  const error = cause instanceof TRPCError && cause.cause ? cause.cause : cause;
  if (error instanceof ApiError) return fromApiError(error, locale, audience);
  const database = fromDatabaseError(error);
  if (database) return fromApiError(database, locale);
  if (isZodError(error)) {
    const pathIdKind = malformedPathIdKind(error.issues as { params?: Record<string, unknown> }[]);
    if (pathIdKind) return fromApiError(pathIdNotFound(pathIdKind), locale);
    return { status: 400, code: "VALIDATION_ERROR", message: formatZodIssues(error.issues, audience), headers: {} };
  }
  if (cause instanceof TRPCError) {
    if (cause.code === "PARSE_ERROR") return fromApiError(new ApiError("BAD_REQUEST", "request.malformedJson"), locale);
    if (cause.code === "UNSUPPORTED_MEDIA_TYPE") {
      return fromApiError(new ApiError("BAD_REQUEST", "request.unsupportedMediaType"), locale);
    }
    if (cause.code === "PAYLOAD_TOO_LARGE") return fromApiError(new ApiError("BAD_REQUEST", "request.tooLarge"), locale);
    const code = TRPC_CODE_TO_API[cause.code];
    if (code) return { status: ERROR_STATUS[code], code: wireCode(code), message: cause.message, headers: {} };
  }
  return { status: 500, code: "INTERNAL_ERROR", message: translate("internal", locale), headers: {} };
}
