import { ApiError } from "../errors/api-error";
import type { AdPlatformError } from "./meta/lead-ads-graph";

/** What a person connecting a page hears when Meta refuses or cannot be reached. */
export function connectFailure(error: AdPlatformError): ApiError {
  switch (error.kind) {
    case "permission":
      return new ApiError("BAD_REQUEST", "leadSources.permissionMissing", { reason: error.reason });
    case "unavailable":
    case "throttled":
      return new ApiError("SERVICE_UNAVAILABLE", "leadSources.unavailable", { reason: error.reason }, { "Retry-After": "30" });
    default:
      return new ApiError("BAD_REQUEST", "leadSources.verificationFailed", { reason: error.reason });
  }
}
