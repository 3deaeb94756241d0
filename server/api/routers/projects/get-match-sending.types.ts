import type { ProcedureMeta } from "../../trpc";
import { MATCH_SENDING_ROLES, MATCH_SENDING_RULES } from "./match-sending.types";

export const getMatchSendingMeta = {
  scope: "projects:read",
  roles: MATCH_SENDING_ROLES,
  openapi: {
    method: "GET",
    path: "/projects/{projectId}/match-sending",
    tags: ["Projects"],
    summary: "Read what a project's new matches do",
    description:
      `${MATCH_SENDING_RULES} Owners and admins only (403 \`FORBIDDEN\` for members). ` +
      "404 `NOT_FOUND` for a missing project or another organization's.",
  },
} as const satisfies ProcedureMeta;
