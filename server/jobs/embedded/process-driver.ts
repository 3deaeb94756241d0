import { getDb } from "../../db";
import { logger } from "../../system/logger";
import { configuredDriver } from "../driver-choice";
import { registerNudger } from "../nudge";
import { jobRegistry } from "../registry";
import { EmbeddedDriver, type EmbeddedDriverOptions } from "./embedded-driver";

/** One embedded driver per process, kept on globalThis so a dev-server reload does not start a second one. */
const holder = globalThis as unknown as { inmoEmbeddedDriver?: { driver: EmbeddedDriver; unregister: () => void } };

export function startEmbeddedDriver(options: Partial<EmbeddedDriverOptions> = {}): EmbeddedDriver {
  let entry = holder.inmoEmbeddedDriver;
  if (!entry) {
    const driver = new EmbeddedDriver({ db: getDb, jobs: jobRegistry, ...options });
    entry = { driver, unregister: registerNudger(() => driver.nudge()) };
    holder.inmoEmbeddedDriver = entry;
  }
  entry.driver.start();
  return entry.driver;
}

/** Stops this process's driver: in-flight work gets `timeoutMs` (default `SHUTDOWN_TIMEOUT_MS`) to finish, the rest is handed back. */
export async function stopEmbeddedDriver(options: { timeoutMs?: number } = {}): Promise<{ handedBack: number }> {
  const entry = holder.inmoEmbeddedDriver;
  holder.inmoEmbeddedDriver = undefined;
  entry?.unregister();
  return (await entry?.driver.stop(options)) ?? { handedBack: 0 };
}

/** Whether this process's embedded driver is running (the readiness check). */
export function isEmbeddedDriverRunning(): boolean {
  return holder.inmoEmbeddedDriver?.driver.isRunning ?? false;
}

/** Wakes this process's driver; false when none runs here. */
export function nudgeEmbeddedDriver(): boolean {
  const driver = holder.inmoEmbeddedDriver?.driver;
  if (!driver?.isRunning) return false;
  driver.nudge();
  return true;
}

/** Called at server start when Inngest is not configured (under Inngest, /api/inngest serves the same jobs). */
export function startEmbeddedDriverUnlessInngest(): void {
  const driver = configuredDriver();
  logger.info("jobs.driver", { driver });
  if (driver === "embedded") startEmbeddedDriver();
}
