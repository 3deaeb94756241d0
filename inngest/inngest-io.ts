import type { JobIo, JobLogger } from "../server/jobs/job-io";

interface InngestStep {
  run: (id: string, fn: () => Promise<unknown>) => Promise<unknown>;
  sleep: (id: string, time: number) => Promise<void>;
  sleepUntil: (id: string, time: string) => Promise<void>;
}

interface InngestLogger {
  info: (...args: unknown[]) => void;
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}

/** Maps the job io onto Inngest's step tools: each `run` is a memoised step, each sleep a durable timer. */
export function inngestIo(step: InngestStep, logger: InngestLogger): JobIo {
  const log: JobLogger = {
    info: (event, fields) => logger.info(event, fields ?? {}),
    warn: (event, fields) => logger.warn(event, fields ?? {}),
    error: (event, fields) => logger.error(event, fields ?? {}),
  };
  return {
    // Step results come back from Inngest's state as JSON; job step bodies return JSON-safe values only.
    run: <T>(key: string, fn: () => Promise<T>) => step.run(key, fn) as Promise<T>,
    sleep: (key, ms) => step.sleep(key, ms),
    sleepUntil: (key, atIso) => step.sleepUntil(key, atIso),
    logger: log,
  };
}
