import { wholeResponse } from "./whole-response";
import { ApiError } from "../errors/api-error";
import { renderError, type RenderedError } from "../errors/render-error";
import type { Locale } from "../i18n/messages";

/** The contract's error body: `{ "error": { "message", "code" } }`. */
export function errorResponse(rendered: RenderedError, extraHeaders?: Headers): Response {
  const headers = new Headers(extraHeaders);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(rendered.headers)) headers.set(name, value);
  return wholeResponse(JSON.stringify({ error: { message: rendered.message, code: rendered.code } }), {
    status: rendered.status,
    headers,
  });
}

export function apiErrorResponse(error: ApiError, locale: Locale = "en", extraHeaders?: Headers): Response {
  return errorResponse(renderError(error, locale), extraHeaders);
}
