import { ApiError } from "../errors/api-error";
import type { MessagingProviderError } from "./providers/messaging-provider";

/**
 * How a provider failure answers our caller. The rule for integrators (the
 * contract's retry rules, kept true): 4xx means nothing was sent and the same
 * request will fail again; 502 and 503 mean nothing was sent and the same
 * request may be retried (503 after `Retry-After`); 504 means the provider
 * did not answer in time and the message may have been sent.
 */
function unavailable(key: "messaging.throttled" | "messaging.pairThrottled" | "messaging.unavailable", failure: MessagingProviderError) {
  const retryAfter = failure.retryAfterSeconds ?? 30;
  return new ApiError("SERVICE_UNAVAILABLE", key, { reason: failure.reason, retryAfter }, { "Retry-After": String(retryAfter) });
}

/** Failures of the provider itself, whatever was asked (throttling, outage, its own errors). */
function providerSideFailure(failure: MessagingProviderError): ApiError | null {
  switch (failure.kind) {
    case "throttled":
      return unavailable("messaging.throttled", failure);
    case "pair_throttled":
      return unavailable("messaging.pairThrottled", failure);
    case "unavailable":
    case "timeout":
      return unavailable("messaging.unavailable", failure);
    case "provider_error":
      return new ApiError("BAD_GATEWAY", "messaging.providerError", { reason: failure.reason });
    default:
      return null;
  }
}

/** A call made with a connected sender's token (listing its templates; the shared part of a send). */
export function senderCallFailure(failure: MessagingProviderError, number: string): ApiError {
  switch (failure.kind) {
    case "auth":
    case "not_found":
      // The token was refused, or the number is gone from the account: only reconnecting helps.
      return new ApiError("FORBIDDEN", "messaging.senderNeedsReconnect", { number, reason: failure.reason });
    case "forbidden":
      return new ApiError("FORBIDDEN", "messaging.senderForbidden", { number, reason: failure.reason });
    default:
      return providerSideFailure(failure) ?? new ApiError("BAD_REQUEST", "messaging.rejected", { reason: failure.reason });
  }
}

/** A failed send. `field` is where a refused parameter came from (`text` or `template`). */
export function sendFailure(failure: MessagingProviderError, number: string, field: "text" | "template", timeoutMs: number): ApiError {
  switch (failure.kind) {
    case "invalid_request":
      return ApiError.invalid([{ path: field, reason: "validation.providerRefused", params: { reason: failure.reason } }]);
    case "window_closed":
      return new ApiError("BAD_REQUEST", "messaging.windowClosed");
    case "undeliverable":
      return new ApiError("BAD_REQUEST", "messaging.undeliverable");
    case "spam_limited":
      return new ApiError("BAD_REQUEST", "messaging.spamLimited");
    case "timeout":
      // The request left: WhatsApp may have accepted it. Unlike 502/503, retrying may send it twice.
      return new ApiError("GATEWAY_TIMEOUT", "messaging.timeout", { seconds: Math.round(timeoutMs / 1000) });
    default:
      return senderCallFailure(failure, number);
  }
}

/** Verifying a sender's details before connecting it: a refusal names the field it concerns. */
export function connectFailure(failure: MessagingProviderError): ApiError {
  switch (failure.kind) {
    case "auth":
      return ApiError.invalid([{ path: "accessToken", reason: "validation.tokenRefused", params: { reason: failure.reason } }]);
    case "forbidden":
      return ApiError.invalid([{ path: "accessToken", reason: "validation.tokenLacksPermission", params: { reason: failure.reason } }]);
    case "not_found":
    case "invalid_request":
      return ApiError.invalid([{ path: failure.field ?? "phoneNumberId", reason: "validation.providerSaid", params: { reason: failure.reason } }]);
    default:
      return providerSideFailure(failure) ?? new ApiError("BAD_REQUEST", "messaging.verificationFailed", { reason: failure.reason });
  }
}
