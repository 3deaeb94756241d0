/**
 * The tiny surface job code sees. Under Inngest, `run` is a memoised durable
 * step and `sleep` a durable timer; under the embedded driver, `run` simply
 * runs (the database rows are the memory) and `sleep` parks the job until its
 * row is due again. Step bodies must return JSON-safe values.
 */
export interface JobLogger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export interface JobIo {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  sleep(key: string, ms: number): Promise<void>;
  logger: JobLogger;
}
