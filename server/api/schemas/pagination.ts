import { z } from "zod";
import type { ListResult } from "../../list-result";

/**
 * The shared pagination convention of every paginated list (the contract
 * leaves it open): `limit` 1..100, default 20; `offset` ≥ 0, default 0;
 * `sortOrder` `asc` or `desc`, default `desc`. Query values arrive as strings
 * on the REST door, hence the coercion.
 */
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

export const limitSchema = (options: { max?: number; default?: number } = {}) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(options.max ?? MAX_PAGE_LIMIT)
    .default(options.default ?? DEFAULT_PAGE_LIMIT)
    .describe(`Page size, 1..${options.max ?? MAX_PAGE_LIMIT}, default ${options.default ?? DEFAULT_PAGE_LIMIT}`);

export const offsetSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .default(0)
  .describe("Number of records to skip, default 0");

export const sortOrderSchema = z.enum(["asc", "desc"]).default("desc").describe("Sort direction, default `desc`");

export const paginationOutput = z.object({
  total: z.number().int().describe("Records matching the filters"),
  limit: z.number().int().describe("Page size used"),
  offset: z.number().int().describe("Records skipped"),
  hasMore: z.boolean().describe("True when records remain after this page"),
});

export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationOutput });
}

/** The wire page of a domain list result, for the `limit` and `offset` the request asked for. */
export function pageOf<T>({ rows, total }: ListResult<T>, { limit, offset }: { limit: number; offset: number }) {
  return { data: rows, pagination: { total, limit, offset, hasMore: offset + rows.length < total } };
}
