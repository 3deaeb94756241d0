import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { matchSendingChangesSchema, matchSendingFields, MATCH_SENDING_ROLES } from "../projects/match-sending.types";

const DEFAULT_RULES =
  "Extension: the organization's default for new matches, followed by every project without a setting of its own " +
  "(`/projects/{projectId}/match-sending`, whose rules apply: consent, never twice, availability checked at send time, " +
  "sending hours). A project's own setting always wins. Never set: nobody notified, nothing sent. Owners and admins only " +
  "(403 `FORBIDDEN` for members).";

export const getMatchSendingDefaultMeta = {
  scope: "projects:read",
  roles: MATCH_SENDING_ROLES,
  openapi: { method: "GET", path: "/match-sending", tags: ["Projects"], summary: "Read the organization's default for new matches", description: DEFAULT_RULES },
} as const satisfies ProcedureMeta;

export const updateMatchSendingDefaultMeta = {
  scope: "projects:write",
  roles: MATCH_SENDING_ROLES,
  openapi: {
    method: "PATCH",
    path: "/match-sending",
    tags: ["Projects"],
    summary: "Change the organization's default for new matches",
    description:
      `${DEFAULT_RULES} A field left out keeps its value; applies to matches found from then on. Answers the default as ` +
      "`GET` does. 400 `VALIDATION_ERROR` when sending by a channel without its message.",
  },
} as const satisfies ProcedureMeta;

export const getMatchSendingDefaultInput = z.object({}).optional();
export const updateMatchSendingDefaultInput = matchSendingChangesSchema;
export const matchSendingDefaultOutput = z.object(matchSendingFields);
