import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { limitSchema, offsetSchema, paginated, sortOrderSchema } from "../../schemas/pagination";
import { PROJECT_STATUSES, PROJECT_TYPES, TEXT_LIMITS } from "../../../projects/catalog-values";
import { PROJECT_SORT_FIELDS } from "../../../projects/list-projects";
import { projectSchema } from "./project.types";

export const listProjectsMeta = {
  scope: "projects:read",
  openapi: {
    method: "GET",
    path: "/projects",
    tags: ["Projects"],
    summary: "List projects",
    description:
      "Projects of the organization with `unitCount`, `minPrice`, `maxPrice` and `image`, newest first by default. " +
      "`query` matches name, city or promotora and `city` matches the city, both case-insensitive partial matches; " +
      "`type` and `status` are exact. Filters combine with AND.",
  },
} as const satisfies ProcedureMeta;

export const listProjectsInput = z.object({
  limit: limitSchema(),
  offset: offsetSchema,
  sortBy: z.enum(PROJECT_SORT_FIELDS).default("createdAt").describe("Sort field: createdAt (default), updatedAt or name"),
  sortOrder: sortOrderSchema,
  query: z
    .string()
    .trim()
    .max(TEXT_LIMITS.shortText)
    .optional()
    .describe("Case-insensitive partial match on name, city or promotora"),
  type: z.enum(PROJECT_TYPES).optional().describe("Exact project type"),
  status: z.enum(PROJECT_STATUSES).optional().describe("Exact project status"),
  city: z.string().trim().max(TEXT_LIMITS.shortText).optional().describe("Case-insensitive partial match on city"),
});

export const listProjectsOutput = paginated(projectSchema);
