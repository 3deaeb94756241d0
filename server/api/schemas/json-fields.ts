import { z } from "zod";

/**
 * trpc-to-openapi switches on zod coercion for every top-level (and nested
 * object) number, boolean, bigint and date field of a published procedure's
 * input — body fields included, and by mutating the shared schema, so the
 * dashboard door is affected too. Coercion would turn `"1000"` into 1000 and,
 * worse, `"false"` into `true`. These wrappers keep a field's JSON type strict:
 * a pipe is not something the adapter coerces. tests/platform/input-coercion.test.ts
 * fails when a published input exposes a coercible field.
 */
export function jsonNumber(schema: z.ZodNumber) {
  return schema.pipe(z.number());
}

export function jsonBoolean() {
  return z.boolean().pipe(z.boolean());
}

/** A boolean in a query string: exactly `true` or `false`. */
export function queryBoolean() {
  return z.enum(["true", "false"]).transform((value) => value === "true");
}
