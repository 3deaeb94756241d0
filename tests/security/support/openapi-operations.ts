import { randomBytes, randomUUID } from "node:crypto";
import { getOpenApiDocument } from "../../../server/http/openapi-document";

/**
 * The published REST operations, read from the OpenAPI document the app
 * serves, so tests built on them (the tenancy walk, the fuzzer) cover a route
 * added later without anyone writing a new test.
 */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
};

export interface Parameter {
  in: "path" | "query";
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As documented, e.g. `/leads/{leadId}`. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  /** False for anonymous operations (`GET /health`). */
  authenticated: boolean;
  label: string;
}

export function publishedOperations(): Operation[] {
  const document = getOpenApiDocument("http://inmo.test") as unknown as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; security?: unknown[] }>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.["application/json"]?.schema ?? null,
        authenticated: Array.isArray(operation.security) && operation.security.length > 0,
        label: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return operations;
}

/** A field that refers to a record by id (`leadId`, `id`, `subscriptionId`), not a client-chosen key such as `external_id`. */
/** Ids of records in other systems (an ad platform's page, an automation's workflow), stored as given: not ours to walk. */
const EXTERNAL_ID_FIELDS = new Set(["externalId", "adplatformPageId", "adplatformFormId", "adplatformAdId", "adplatformCampaignId", "workflowId"]);

export function isIdField(name: string): boolean {
  if (EXTERNAL_ID_FIELDS.has(name)) return false;
  return name === "id" || /[a-z]Id$/.test(name) || (name.endsWith("_id") && name !== "external_id");
}

/** The branches of a schema that are not `null`. */
function nonNull(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.find((branch) => branch.type !== "null") ?? branches[0] ?? {};
  return schema;
}

let sequence = 0;

/**
 * A small value the schema accepts: required fields (plus an email, which
 * most contact records need, and one plain text field, since updates need at
 * least one), enums' first value, numbers at their minimum.
 * Field names guide a few formats the schema cannot express (a public https
 * URL for webhooks, an email).
 */
export function exampleOf(schema: JsonSchema, name = ""): unknown {
  const s = nonNull(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined && s.type !== "object") return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string": {
      if (s.format === "uuid") return randomUUID();
      // A prefixed id (`lead_` + 24 characters): a well-formed id of nothing, so the request gets past validation.
      const prefixed = typeof s.pattern === "string" ? /^\^([a-z]+)_\[0-9a-z\]\{(\d+)\}\$$/.exec(s.pattern) : null;
      if (prefixed) return `${prefixed[1]}_${"0".repeat(Number(prefixed[2]))}`;
      if (/url|uri/i.test(name) || s.format === "uri") return "https://93.184.216.34/hook";
      if (/email/i.test(name) || s.format === "email") return `walker-${++sequence}-${randomBytes(3).toString("hex")}@example.test`;
      if (/phone/i.test(name)) return "+507 6000 0000";
      return `x${++sequence}`.padEnd(Math.max(1, s.minLength ?? 1), "x");
    }
    case "integer":
    case "number":
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => exampleOf(s.items ?? {}, name));
    case "object": {
      const value: Record<string, unknown> = {};
      const properties = Object.entries(s.properties ?? {});
      for (const [key, property] of properties) {
        if (s.required?.includes(key) || /email/i.test(key)) value[key] = exampleOf(property, key);
      }
      const text = properties.find(([key, property]) => !isIdField(key) && !nonNull(property).enum && nonNull(property).type === "string" && !nonNull(property).format);
      if (text && !(text[0] in value)) value[text[0]] = exampleOf(text[1], text[0]);
      return value;
    }
    default:
      return undefined;
  }
}

/** An id of the same shape as `id` that names nothing: `lead_` + 24 fresh characters, a fresh UUID, … */
export function missingIdLike(id: string): string {
  const prefixed = /^([a-z]+_)[0-9a-z]{24}$/.exec(id);
  if (prefixed) return prefixed[1] + Array.from(randomBytes(24), (b) => "0123456789abcdefghijklmnopqrstuvwxyz"[b % 36]).join("");
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return randomUUID();
  return `${id.slice(0, -4)}zzzz`;
}

/** Percent-encodes a path segment; a lone surrogate becomes bytes that are not UTF-8 (`%ED%BF%BF`), as a raw client could send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, "\u0000").split("\u0000").map(encodeURIComponent).join("%ED%BF%BF");
  }
}

/** Fills `{name}` segments of a documented path. */
export function pathWith(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(values[name] ?? "missing"));
}
