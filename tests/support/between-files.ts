import { afterAll } from "vitest";
import { clearTestConfiguration } from "../../server/config/config";
import { ENVIRONMENT_NAMES } from "../../server/config/environment-schema";
import { disconnectDb } from "../../server/db";
import { stopEmbeddedDriver } from "../../server/jobs/embedded/process-driver";
import { usePacingClock } from "../../server/messaging/send/send-pacing";
import { forgetVapidKeys } from "../../server/notifications/push/vapid-keys";
import { closeLimiterStore } from "../../server/rate-limit/limiter-store";
import { flushBufferedUsage } from "../../server/rate-limit/usage-buffer";
import { useWindowClock } from "../../server/rate-limit/window-clock";
import { useDatabaseCheckDeadline } from "../../server/system/check-database";
import { flushApiUsageCounts } from "../../server/usage/request-counter";

/**
 * Run after every file of a project whose files share one module cache per
 * worker (`isolate: false`, vitest.config.ts): the app's process-wide state
 * goes back to what a fresh process has, so the next file sees none of this
 * file's. What is kept is keyed by what differs between files (transports and
 * agents by URL and settings, derived keys by secret) or holds no data (the
 * logger, the request scope); the metrics' counters add up across files, so
 * the file that reads them exactly keeps its own modules (OWN_MODULES_FILES).
 */
afterAll(async () => {
  await stopEmbeddedDriver({ timeoutMs: 0 });
  // Counters still in memory go to this file's database, which is about to be left.
  await Promise.all([flushApiUsageCounts(), flushBufferedUsage()]);
  await closeLimiterStore();
  await disconnectDb();
  forgetVapidKeys();
  usePacingClock(null);
  useWindowClock(null);
  useDatabaseCheckDeadline(null);
  clearTestConfiguration(...ENVIRONMENT_NAMES);
});
