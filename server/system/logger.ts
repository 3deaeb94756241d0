import pino from "pino";
import { config } from "../config/config";
import { currentRequestId } from "../observability/request-scope";
import { activeTraceId } from "../observability/spans";

/**
 * Structured JSON logs on stderr (pino), one object per line:
 * `{"level":"info","time":"…","event":"…","requestId":"…","traceId":"…",…}`.
 * The request id ties a line to the REST or tRPC call it served (and to that
 * call's `X-Request-Id`); the trace id ties it to the call's trace and to the
 * deliveries, mails and jobs the call caused. Callers pass facts, never
 * credentials: fields whose name suggests a secret are redacted as a second
 * guard. `INMO_LOG` sets the lowest level written (`silent`: none).
 */
const SECRET_FIELD = /authorization|token|secret|password|key$/i;

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function level(): pino.LevelWithSilent {
  try {
    return config().INMO_LOG;
  } catch {
    return "info"; // a bad configuration is reported at start-up; its report must not be lost here
  }
}

function createLogger(): pino.Logger {
  return pino(
    {
      level: level(),
      base: undefined,
      messageKey: "event",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const requestId = currentRequestId();
        const traceId = activeTraceId();
        return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
      },
    },
    // stderr itself (synchronous on pipes and files), so every line written before a crash is out.
    process.stderr,
  );
}

// On globalThis: Next may load this module once per route bundle; one destination per process.
const holder = globalThis as unknown as { inmoLogger?: pino.Logger };

function write(at: "debug" | "info" | "warn" | "error", event: string, fields: Record<string, unknown> = {}) {
  const log = (holder.inmoLogger ??= createLogger());
  // The level follows the configuration (tests change it), but setting it rebinds every level method: only when it changed.
  const wanted = level();
  if (log.level !== wanted) log.level = wanted;
  if (!log.isLevelEnabled(at)) return;
  const safe = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, SECRET_FIELD.test(name) ? "[redacted]" : serialise(value)]));
  log[at](safe, event);
}

export const logger = {
  debug: (event: string, fields?: Record<string, unknown>) => write("debug", event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};
