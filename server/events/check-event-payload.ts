import { formatZodIssues } from "../errors/render-error";
import { logger } from "../system/logger";
import { EVENT_ENVELOPE_SCHEMAS, type EventEnvelope } from "./event-envelope";
import { config } from "../config/config";

/** What the recorder does with an envelope its type's schema does not describe exactly. */
export type PayloadCheckMode = "fail" | "log";

/** A payload that does not match its event type's schema; thrown under test, so the write rolls back. */
export class EventPayloadError extends Error {
  override name = "EventPayloadError";
}

/**
 * Under test (Vitest, or NODE_ENV=test) a mismatch fails the write, so every
 * test that writes proves its events match the published schemas. Elsewhere
 * it is logged and the event recorded as built: a receiver keeps getting what
 * it got before, and a customer's write never fails over our documentation
 * (docs/decisions.md, "Typed events").
 */
export function payloadCheckMode(): PayloadCheckMode {
  const { VITEST, NODE_ENV } = config();
  return VITEST || NODE_ENV === "test" ? "fail" : "log";
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Paths present in what is sent but absent from what the schema kept (zod strips keys it does not know). */
function undeclaredPaths(sent: unknown, described: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(described)) {
    return sent.flatMap((item, index) => undeclaredPaths(item, described[index], `${path}.${index}`));
  }
  if (!isRecord(sent) || !isRecord(described)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (value === undefined) return []; // not serialised, so not sent
    return key in described ? undeclaredPaths(value, described[key], at) : [at];
  });
}

/**
 * Why an envelope is not exactly what its type's schema describes (a field
 * missing or of the wrong type, or one the schema does not document), or
 * null when it is.
 */
export function eventPayloadProblem(envelope: EventEnvelope): string | null {
  const result = EVENT_ENVELOPE_SCHEMAS[envelope.type].safeParse(envelope);
  if (!result.success) return formatZodIssues(result.error.issues);
  const undeclared = undeclaredPaths(envelope, result.data, "");
  return undeclared.length > 0 ? `not in the schema: ${undeclared.join(", ")}` : null;
}

/** Checks an envelope before it is recorded: throws (mode `fail`) or logs (mode `log`) a mismatch, naming only paths. */
export function checkEventPayload(envelope: EventEnvelope, mode: PayloadCheckMode): void {
  const problem = eventPayloadProblem(envelope);
  if (problem === null) return;
  if (mode === "fail") throw new EventPayloadError(`The ${envelope.type} payload does not match its schema: ${problem}`);
  logger.error("event_payload_mismatch", { type: envelope.type, problem });
}
