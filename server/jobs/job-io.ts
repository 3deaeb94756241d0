/**
 * The tiny surface job code sees. Under Inngest, `run` is a memoised durable
 * step and `sleep`/`sleepUntil` durable timers; under the embedded driver,
 * `run` simply runs (the database rows are the memory) and a sleep parks the
 * job until its row is due again. Step bodies return JSON-safe values only
 * (Inngest memoises them as JSON).
 */
export interface JobLogger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export interface JobIo {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  sleep(key: string, ms: number): Promise<void>;
  /** Sleeps until an instant (ISO 8601 with offset); the row that asked for it records the same instant. */
  sleepUntil(key: string, atIso: string): Promise<void>;
  logger: JobLogger;
}
