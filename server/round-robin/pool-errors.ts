import { ApiError } from "../errors/api-error";

export const poolNotFound = () => new ApiError("NOT_FOUND", "roundRobin.poolNotFound");
export const connectionNotFound = () => new ApiError("NOT_FOUND", "roundRobin.connectionNotFound");
export const poolNobodyEligible = () => new ApiError("BAD_REQUEST", "roundRobin.nobodyEligible");
