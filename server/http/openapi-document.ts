import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { appRouter } from "../api/root";
import type { MemberRole } from "../auth/roles";
import { SCOPES } from "../auth/scopes";
import { ERROR_STATUS, wireCode, type ApiErrorCode } from "../errors/api-error";
import { OPENAPI_DECISIONS } from "./openapi-decisions";
import { apiGuide } from "./openapi-guide";
import { pointSampleRouteAtEvents, webhooksSection } from "./openapi-webhooks";
import { documentStreamedAnswer } from "./streamed-answer";
import { publishedRoutes } from "./route-table";

type Json = Record<string, unknown>;

/** Every `error.code` a response can carry, from the one code→status table (a rate-limit 429 carries BAD_REQUEST). */
const ERROR_CODES = [...new Set(Object.keys(ERROR_STATUS).map((code) => wireCode(code as ApiErrorCode)))];

const ERROR_DESCRIPTIONS: Record<string, string> = {
  "400": "`BAD_REQUEST` (malformed request or business rule) or `VALIDATION_ERROR` (message lists `path: reason` joined by `; `)",
  "401": "`UNAUTHORIZED`: Authorization header missing or malformed, unknown key, expired OAuth token",
  "403": "`FORBIDDEN`: missing scope, inactive or expired key, disabled OAuth client, unbound connection, plan limit reached",
  "404": "`NOT_FOUND`: resource missing or in another organization",
  "409": "`CONFLICT`",
  "429": "Rate limit exceeded (code `BAD_REQUEST`); `Retry-After` gives the seconds until the exceeded window resets",
  "500": "`INTERNAL_ERROR`: unexpected failure; safe to retry after a short backoff",
};

const RATE_LIMIT_HEADERS: Json = {
  "X-RateLimit-Limit": { description: "Per-minute ceiling", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in the current minute window", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when the minute window resets", schema: { type: "integer" } },
  "X-RateLimit-Monthly-Remaining": { description: "Requests left in the monthly quota", schema: { type: "integer" } },
};

/** What each status looks like on the wire: one example per code it carries. */
const ERROR_EXAMPLES: Record<string, Record<string, [code: string, message: string]>> = {
  "400": {
    validation: ["VALIDATION_ERROR", "email: Invalid email address; limit: Too big: expected number to be <=100"],
    badRequest: ["BAD_REQUEST", "Malformed JSON body."],
  },
  "401": { unauthorized: ["UNAUTHORIZED", "Invalid API key or access token."] },
  "403": { forbidden: ["FORBIDDEN", "This credential lacks the required scope: leads:write."] },
  "404": { notFound: ["NOT_FOUND", "Lead not found."] },
  "409": { conflict: ["CONFLICT", "A request with this Idempotency-Key is still being processed. Retry after 1 s to get its answer."] },
  "429": { rateLimited: ["BAD_REQUEST", "Rate limit exceeded: at most 3 requests per second. Retry after 1 s."] },
  "500": { internal: ["INTERNAL_ERROR", "Unexpected error. It is safe to retry after a short backoff."] },
  "502": { badGateway: ["BAD_GATEWAY", "WhatsApp failed with an error of its own; nothing was sent. Retry after a short backoff."] },
  "503": { unavailable: ["SERVICE_UNAVAILABLE", "WhatsApp is not reachable right now; nothing was sent. Retry after 30 s."] },
  "504": { timeout: ["GATEWAY_TIMEOUT", "WhatsApp did not answer in time; the message may have been sent."] },
};

function errorExamples(status: string): Json | undefined {
  const examples = ERROR_EXAMPLES[status];
  if (!examples) return undefined;
  return Object.fromEntries(Object.entries(examples).map(([name, [code, message]]) => [name, { value: { error: { message, code } } }]));
}

function errorResponse(status: string, description?: string): Json {
  const examples = errorExamples(status);
  const response: Json = {
    description: description ?? ERROR_DESCRIPTIONS[status] ?? "Error",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, ...(examples ? { examples } : {}) } },
  };
  if (status === "429") response.headers = { "Retry-After": { schema: { type: "integer" } }, ...RATE_LIMIT_HEADERS };
  if (status === "503") response.headers = { "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" } } };
  return response;
}

const IDEMPOTENCY_KEY_PARAMETER: Json = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "1..255 printable ASCII characters, unique per request you mean (a UUID). Sent again by the same credential with " +
    "the same method, path and body within 24 hours, the request is not run again: the first successful answer is returned with " +
    "`Idempotent-Replayed: true`. Reused with another request: 400 `BAD_REQUEST`. Errors are not kept, so a retry after " +
    "an error runs again.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

const REPLAYED_HEADER_DOC: Json = {
  "Idempotent-Replayed": { description: "`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`", schema: { type: "string", enum: ["true"] } },
};

function describe(origin: string): string {
  return [apiGuide(origin), "## Decisions where the contract is silent", ...OPENAPI_DECISIONS.map((line) => `- ${line}`)].join("\n\n");
}

function build(origin: string): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "inmo API",
    version: "1.0.0",
    description: describe(origin),
    baseUrl: `${origin}/api/v1`,
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: `API key (\`svc_k_…\`) or OAuth access token. Scopes: ${SCOPES.map((s) => `\`${s}\``).join(", ")}.`,
      },
    },
  });

  document.info.license = { name: "Proprietary: the inmo API terms", url: `${origin}/docs/api#terms` };
  const components = (document.components ??= {}) as Json;
  // The generator's own error schemas (`error.NOT_FOUND`, …) describe tRPC's shape, not ours: every error here is `Error`.
  const generated = Object.entries((components.schemas as Json | undefined) ?? {}).filter(([name]) => !name.startsWith("error."));
  // Every event type's delivery, documented from the schemas the recorder checks events against.
  const { webhooks, schemas: eventSchemas } = webhooksSection();
  document.webhooks = webhooks;
  components.schemas = {
    ...Object.fromEntries(generated),
    ...eventSchemas,
    Error: {
      type: "object",
      required: ["error"],
      properties: {
        error: {
          type: "object",
          required: ["message", "code"],
          properties: { message: { type: "string" }, code: { type: "string", enum: ERROR_CODES } },
        },
      },
    },
  };

  for (const route of publishedRoutes(appRouter)) {
    const operation = (document.paths?.[route.path] as Json | undefined)?.[route.method.toLowerCase()] as Json | undefined;
    if (!operation) continue;
    const responses = (operation.responses ?? {}) as Record<string, Json>;
    const success = responses["200"];
    const successStatus = String(route.meta.successStatus ?? 200);
    const rewritten: Record<string, Json> = {};
    if (success) {
      if (route.meta.streamsAs) documentStreamedAnswer(success, route.meta.streamsAs);
      rewritten[successStatus] = success;
      for (const [status, description] of Object.entries(route.meta.alsoSucceedsWith ?? {})) {
        rewritten[status] = { ...success, description };
      }
    }
    const isProtected = route.meta.openapi?.protect !== false;
    const scope = route.meta.scope;
    if (isProtected) {
      if (success) success.headers = { ...(success.headers as Json | undefined), ...RATE_LIMIT_HEADERS };
      operation["x-required-scope"] = scope === "none" ? null : scope;
      const scopeText = scope && scope !== "none" ? `Required scope: \`${scope}\`.` : "Any valid bearer; no scope needed.";
      const roles = route.meta.roles;
      if (roles) operation["x-required-roles"] = [...roles];
      const roleText = roles ? ` ${rolesText(roles)}` : "";
      operation.description = `${scopeText}${roleText}\n\n${(operation.description as string | undefined) ?? ""}`.trim();
      for (const status of ["400", "401", "403", "404", "429", "500"]) rewritten[status] = errorResponse(status);
      if (route.method === "POST") {
        operation.parameters = [...((operation.parameters as Json[] | undefined) ?? []), IDEMPOTENCY_KEY_PARAMETER];
        if (success) success.headers = { ...(success.headers as Json | undefined), ...REPLAYED_HEADER_DOC };
        rewritten["409"] ??= errorResponse(
          "409",
          "`CONFLICT`: a request with the same `Idempotency-Key` is still running after 15 s; retry after `Retry-After` for its answer",
        );
      }
      for (const [status, description] of Object.entries(route.meta.alsoFailsWith ?? {})) rewritten[status] = errorResponse(status, description);
    } else {
      operation.security = [];
      if (route.path === "/health") {
        rewritten["503"] = {
          description: "Database unreachable",
          content: { "application/json": { schema: { type: "object", properties: { ok: { const: false } } } } },
        };
      }
      rewritten["500"] = errorResponse("500");
    }
    operation.responses = rewritten;
  }
  pointSampleRouteAtEvents(document.paths);
  return document;
}

/** What a role declaration means for a bearer caller, in the operation's description. */
function rolesText(roles: readonly MemberRole[]): string {
  const who = roles.length === 1 && roles[0] === "owner" ? "owners" : roles.length === 2 && !roles.includes("member") ? "owners and admins" : roles.join(", ");
  return `OAuth tokens act as the person who connected the app: only ${who} may call this (403 \`FORBIDDEN\` otherwise, whatever the token's scopes). API keys need the scope only.`;
}

const cache = new Map<string, OpenAPIObject>();

/** Built once per origin and process, never per request. */
export function getOpenApiDocument(origin: string): OpenAPIObject {
  let document = cache.get(origin);
  if (!document) {
    document = build(origin);
    cache.set(origin, document);
  }
  return document;
}
