import { ApiError } from "../errors/api-error";

export const sequenceNotFound = () => new ApiError("NOT_FOUND", "resource.notFound", { resource: "Sequence" });

/** The six 400 BAD_REQUEST refusals of the spec, word for word (catalogue keys `sequences.*`). */
export const sequenceRefusal = {
  edit: () => new ApiError("BAD_REQUEST", "sequences.onlyDraftEdited"),
  delete: () => new ApiError("BAD_REQUEST", "sequences.onlyDraftDeleted"),
  launch: () => new ApiError("BAD_REQUEST", "sequences.onlyDraftLaunched"),
  emptyAudience: () => new ApiError("BAD_REQUEST", "sequences.emptyAudience"),
  audienceTooLarge: () => new ApiError("BAD_REQUEST", "sequences.audienceTooLarge"),
  pause: () => new ApiError("BAD_REQUEST", "sequences.onlyRunningPaused"),
  resume: () => new ApiError("BAD_REQUEST", "sequences.onlyPausedResumed"),
};
