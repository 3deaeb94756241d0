/**
 * Reading the dashboard door's errors: the server's errorFormatter puts the
 * contract's error in `data.api` ({status, code, message}, localised) and,
 * for validation failures, `data.fieldErrors` ({"path": "reason"}).
 */
interface ErrorData {
  httpStatus?: number;
  api?: { status: number; code: string; message: string };
  fieldErrors?: Record<string, string>;
}

function dataOf(error: unknown): ErrorData | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  return typeof data === "object" && data !== null ? (data as ErrorData) : undefined;
}

/**
 * Field → reason. Schema failures carry `fieldErrors`; rules checked by the
 * domain (the contact-identity rule, a stage of another organization) answer
 * VALIDATION_ERROR with the contract's `path: reason; …` message, read here
 * the same way so those errors also land next to their fields.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = dataOf(error);
  if (data?.fieldErrors) return data.fieldErrors;
  if (data?.api?.code !== "VALIDATION_ERROR") return {};
  const errors: Record<string, string> = {};
  for (const part of data.api.message.split("; ")) {
    const match = /^([A-Za-z][\w.]*): (.+)$/.exec(part);
    if (match?.[1] && match[2] && !(match[1] in errors)) errors[match[1]] = match[2];
  }
  return errors;
}

/**
 * The server's message, or `fallback` for network failures and anything
 * unexpected. A provider's 502/503/504 (WhatsApp unreachable, throttling, no
 * answer in time) says what happened and when to retry, so it is shown too.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  const api = dataOf(error)?.api;
  if (api && (api.status < 500 || api.code !== "INTERNAL_ERROR")) return api.message;
  return fallback;
}

export function errorCodeOf(error: unknown): string | undefined {
  return dataOf(error)?.api?.code;
}
