import type { MessageKey, MessageParams } from "../i18n/messages";

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
 * The one error type domain code throws. The message is either a catalogue key
 * (localised to the organization's language when rendered) or literal text.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    readonly messageKey: MessageKey | { text: string },
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof messageKey === "string" ? messageKey : messageKey.text);
    this.status = ERROR_STATUS[code];
  }

  static text(code: ApiErrorCode, text: string): ApiError {
    return new ApiError(code, { text });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
