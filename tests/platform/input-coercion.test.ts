import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonBoolean, jsonNumber, queryBoolean } from "../../server/api/schemas/json-fields";
import { appRouter } from "../../server/api/root";
import { publishedRoutes } from "../../server/http/route-table";

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** Unwraps like the REST adapter does before deciding what to coerce (pipes are left alone). */
function unwrap(schema: AnySchema): AnySchema {
  const def = schema._zod.def;
  if (["nullable", "optional", "default", "prefault"].includes(def.type)) return unwrap(def.innerType as AnySchema);
  if (def.type === "array") return unwrap(def.element as AnySchema);
  if (def.type === "lazy") return unwrap((def.getter as () => AnySchema)());
  return schema;
}

const COERCIBLE = new Set(["number", "boolean", "bigint", "date"]);

function coercibleFields(schema: AnySchema, prefix = ""): string[] {
  const def = schema._zod.def;
  if (def.type !== "object") return [];
  return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([name, field]) => {
    const inner = unwrap(field);
    const type = inner._zod.def.type;
    if (COERCIBLE.has(type) && inner._zod.def.coerce !== true) return [`${prefix}${name} (${type})`];
    if (type === "object") return coercibleFields(inner, `${prefix}${name}.`);
    return [];
  });
}

function inputOf(procedurePath: string): AnySchema | undefined {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: AnySchema[] } }>;
  return procedures[procedurePath]?._def.inputs[0];
}

describe("published inputs are safe from the REST adapter's coercion", () => {
  it("no published input has a bare number/boolean/bigint/date field (use server/api/schemas/json-fields.ts)", () => {
    const offenders = publishedRoutes(appRouter).flatMap((route) => {
      const input = inputOf(route.procedurePath);
      if (!input) return [];
      // Explicit z.coerce fields are deliberate (query strings) and fine; GET booleans must use queryBoolean().
      return coercibleFields(unwrap(input)).map((field) => `${route.method} ${route.path}: ${field}`);
    });
    expect(offenders).toEqual([]);
    expect(publishedRoutes(appRouter).filter((route) => inputOf(route.procedurePath)).length).toBeGreaterThan(10);
  });

  it("the check finds bare fields, nested ones included, and accepts the safe wrappers", () => {
    const risky = z.object({
      price: z.number(),
      active: z.boolean().optional(),
      nested: z.object({ when: z.date().nullable() }),
      safeNumber: jsonNumber(z.number().int()),
      safeBoolean: jsonBoolean(),
      queryFlag: queryBoolean(),
      page: z.coerce.number(),
    }) as unknown as AnySchema;
    expect(coercibleFields(risky)).toEqual(["price (number)", "active (boolean)", "nested.when (date)"]);
  });
});
