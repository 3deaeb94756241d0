import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { limitSchema, offsetSchema, paginated } from "../../schemas/pagination";
import { POOL_STATUS_FILTERS, ROUND_ROBIN_LIMITS } from "../../../round-robin/round-robin-values";
import { poolListItemSchema } from "./round-robin.types";

export const listPoolsMeta = {
  scope: "round-robin:read",
  openapi: {
    method: "GET",
    path: "/round-robin",
    tags: ["Round robin"],
    summary: "List round robin pools",
    description:
      "Pools newest first. `query` is a case-insensitive partial match on the name; `status` all (default), active or " +
      "inactive. List-only fields: `createdByName`, `followerName`, `participantCount` (active participants), " +
      "`assignmentCount`, `lastAssignmentAt`.",
  },
} as const satisfies ProcedureMeta;

export const listPoolsInput = z.object({
  limit: limitSchema({ default: 50 }),
  offset: offsetSchema,
  query: z.string().trim().max(ROUND_ROBIN_LIMITS.name).optional().describe("Case-insensitive partial match on the pool name"),
  status: z.enum(POOL_STATUS_FILTERS).default("all").describe("all (default), active or inactive"),
});

export const listPoolsOutput = paginated(poolListItemSchema);
