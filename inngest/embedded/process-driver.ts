import { getDb } from "../../server/db";
import { logger } from "../../server/system/logger";
import { isInngestConfigured } from "../../server/webhooks/settings";
import { EmbeddedWebhookDriver, type EmbeddedDriverOptions } from "./driver";

/** One embedded driver per process, kept on globalThis so a dev-server reload does not start a second one. */
const holder = globalThis as unknown as { inmoEmbeddedWebhookDriver?: EmbeddedWebhookDriver };

export function startEmbeddedWebhookDriver(options: Partial<EmbeddedDriverOptions> = {}): EmbeddedWebhookDriver {
  let driver = holder.inmoEmbeddedWebhookDriver;
  if (!driver) {
    driver = new EmbeddedWebhookDriver({ db: getDb, ...options });
    holder.inmoEmbeddedWebhookDriver = driver;
  }
  driver.start();
  return driver;
}

export async function stopEmbeddedWebhookDriver(): Promise<void> {
  const driver = holder.inmoEmbeddedWebhookDriver;
  holder.inmoEmbeddedWebhookDriver = undefined;
  await driver?.stop();
}

/** Wakes this process's driver; false when none runs here. */
export function nudgeEmbeddedWebhookDriver(): boolean {
  const driver = holder.inmoEmbeddedWebhookDriver;
  if (!driver?.isRunning) return false;
  driver.nudge();
  return true;
}

/** Called at server start: the embedded driver runs only when Inngest is not configured. */
export function startBackgroundWork(): void {
  if (isInngestConfigured()) {
    logger.info("webhooks.driver", { driver: "inngest" });
    return;
  }
  startEmbeddedWebhookDriver();
  logger.info("webhooks.driver", { driver: "embedded" });
}
