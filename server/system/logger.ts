import { config } from "../config/config";

/**
 * Structured JSON logs on stderr. Callers pass facts, never credentials: the
 * logger also drops any field whose name suggests a secret, as a second guard.
 */
const SECRET_FIELD = /authorization|token|secret|password|key$/i;

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

function threshold(): number {
  try {
    return LEVELS[config().INMO_LOG];
  } catch {
    return LEVELS.info; // a bad configuration is reported at start-up; its report must not be lost here
  }
}

function write(level: "info" | "warn" | "error", event: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < threshold()) return;
  const safe = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, SECRET_FIELD.test(name) ? "[redacted]" : serialise(value)]),
  );
  process.stderr.write(JSON.stringify({ level, event, time: new Date().toISOString(), ...safe }) + "\n");
}

export const logger = {
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};
