import type { ProcedureMeta } from "../../trpc";
import { matchSendingChangesSchema, matchSendingInput, MATCH_SENDING_ROLES, MATCH_SENDING_RULES } from "./match-sending.types";

export const updateMatchSendingMeta = {
  scope: "projects:write",
  roles: MATCH_SENDING_ROLES,
  openapi: {
    method: "PATCH",
    path: "/projects/{projectId}/match-sending",
    tags: ["Projects"],
    summary: "Change what a project's new matches do",
    description:
      `${MATCH_SENDING_RULES} A field left out keeps its value; applies to matches found from then on. Answers the setting ` +
      "as `GET` does. 400 `VALIDATION_ERROR` when sending by a channel without its message; 403 `FORBIDDEN` for members; " +
      "404 `NOT_FOUND` for a missing project or another organization's.",
  },
} as const satisfies ProcedureMeta;

export const updateMatchSendingInput = matchSendingInput.extend(matchSendingChangesSchema.shape);
