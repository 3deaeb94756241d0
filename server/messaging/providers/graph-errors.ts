import { MessagingProviderError, type ProviderFailureKind } from "./messaging-provider";

/**
 * Graph's error envelope: `{"error": {"message", "type", "code",
 * "error_subcode", "error_data": {"details"}, "fbtrace_id"}}`. Meta says to
 * branch on `code` (and `details`), never on titles; the table below is Meta's
 * error-code reference for the Cloud API, grouped by what our API answers.
 */
interface GraphErrorBody {
  error?: {
    message?: unknown;
    code?: unknown;
    error_subcode?: unknown;
    error_user_msg?: unknown;
    error_data?: { details?: unknown } | unknown;
  };
}

const AUTH_CODES = new Set([0, 102, 190, 463, 467]);
const FORBIDDEN_CODES = new Set([3, 10]);
const THROTTLE_CODES = new Set([4, 17, 32, 613, 80007, 130429]);
const UNAVAILABLE_CODES = new Set([2, 131016]);
const PROVIDER_ERROR_CODES = new Set([1, 131000]);
const INVALID_CODES = new Set([100, 131008, 131009, 131021, 131051, 135000]);
/** "Object with ID … does not exist, cannot be loaded due to missing permissions, or does not support this operation." */
const MISSING_OBJECT_SUBCODE = 33;

/** Seconds to wait when the provider does not say (Meta sends no Retry-After). */
export const DEFAULT_RETRY_AFTER: Partial<Record<ProviderFailureKind, number>> = {
  throttled: 60,
  pair_throttled: 60,
  unavailable: 30,
};

function kindOf(status: number, code: number | null, subcode: number | null): ProviderFailureKind {
  if (code !== null) {
    if (AUTH_CODES.has(code)) return "auth";
    if (FORBIDDEN_CODES.has(code) || (code >= 200 && code <= 299)) return "forbidden";
    if (code === 100 && subcode === MISSING_OBJECT_SUBCODE) return "not_found";
    if (THROTTLE_CODES.has(code)) return "throttled";
    if (code === 131056) return "pair_throttled";
    if (code === 131047) return "window_closed";
    if (code === 131026) return "undeliverable";
    if (code === 131048) return "spam_limited";
    if (UNAVAILABLE_CODES.has(code)) return "unavailable";
    if (PROVIDER_ERROR_CODES.has(code)) return "provider_error";
    if (INVALID_CODES.has(code) || (code >= 132000 && code <= 132999)) return "invalid_request";
  }
  if (status === 401) return "auth";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 429) return "throttled";
  if (status === 503) return "unavailable";
  if (status >= 500) return "provider_error";
  return "rejected";
}

function integerOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** `Retry-After` in seconds (delta form only; Graph does not send dates). */
function retryAfterOf(header: string | null): number | null {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/** The provider error a failed Graph response stands for. */
export function graphError(status: number, body: unknown, retryAfterHeader: string | null): MessagingProviderError {
  const error = (typeof body === "object" && body !== null ? (body as GraphErrorBody).error : undefined) ?? {};
  const code = integerOrNull(error.code);
  const subcode = integerOrNull(error.error_subcode);
  const message = text(error.message) ?? `HTTP ${status}`;
  const details = text((error.error_data as { details?: unknown } | undefined)?.details) ?? text(error.error_user_msg);
  const reason = (details && !message.includes(details) ? `${message}: ${details}` : message).slice(0, 500);
  const kind = kindOf(status, code, subcode);
  return new MessagingProviderError(kind, reason, code, retryAfterOf(retryAfterHeader) ?? DEFAULT_RETRY_AFTER[kind] ?? null);
}

/** Connection errors that happen before a request reaches the provider: nothing was sent. */
const NOT_SENT_NETWORK_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** The provider error for a fetch that threw: a timeout, a refused connection, or a connection lost mid-request. */
export function networkError(error: unknown, timeoutMs: number): MessagingProviderError {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new MessagingProviderError("timeout", `no answer within ${Math.round(timeoutMs / 1000)} s`);
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = typeof cause?.code === "string" ? cause.code : null;
  if (code !== null && NOT_SENT_NETWORK_CODES.has(code)) {
    return new MessagingProviderError("unavailable", `could not connect (${code})`, null, DEFAULT_RETRY_AFTER.unavailable ?? null);
  }
  return new MessagingProviderError("timeout", `the connection failed during the request (${code ?? "network error"})`);
}
