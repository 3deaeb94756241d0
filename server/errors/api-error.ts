import type { MessageKey, MessageParams } from "../i18n/messages";
import type { ValidationIssue } from "../i18n/validation-reasons";

/** The error codes of the public contract, each with its one HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID_MEMBER: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** An upstream provider (WhatsApp) answered with an error of its own: nothing was done; safe to retry. */
  BAD_GATEWAY: 502,
  /** An upstream provider is unreachable or throttling: nothing was done; retry after `Retry-After`. */
  SERVICE_UNAVAILABLE: 503,
  /** An upstream provider did not answer in time: the outcome is unknown. */
  GATEWAY_TIMEOUT: 504,
} as const;

export type ApiErrorCode = keyof typeof ERROR_STATUS;

/** What goes into `error.code` on the wire: a rate-limit 429 carries BAD_REQUEST, per the spec. */
export function wireCode(code: ApiErrorCode): string {
  return code === "RATE_LIMITED" ? "BAD_REQUEST" : code;
}

/**
 * The one error type domain code throws. The message is a catalogue key
 * (localised to the organization's language when rendered), the refused
 * fields of a VALIDATION_ERROR (`path: reason; …`, each reason a key), or,
 * for text that comes from elsewhere, literal text.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    readonly messageKey: MessageKey | { text: string } | { issues: readonly ValidationIssue[] },
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof messageKey === "string" ? messageKey : "text" in messageKey ? messageKey.text : messageKey.issues.map((i) => `${i.path}: ${i.reason}`).join("; "));
    this.status = ERROR_STATUS[code];
  }

  static text(code: ApiErrorCode, text: string): ApiError {
    return new ApiError(code, { text });
  }

  /** 400 VALIDATION_ERROR naming every refused field, each with a reason the reader gets in their language. */
  static invalid(issues: readonly ValidationIssue[]): ApiError {
    return new ApiError("VALIDATION_ERROR", { issues });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
