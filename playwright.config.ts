import { defineConfig } from "@playwright/test";
import { chromiumExecutablePath } from "./e2e/support/chromium-path";
import { E2E_ORIGIN } from "./e2e/support/e2e-environment";

/**
 * Browser tests: Chromium (Debian's, CHROMIUM_PATH or Playwright's own; see
 * e2e/support/chromium-path.ts) drives the real app, built and started by
 * `webServer` on its own port with its own fresh embedded database.
 * `E2E_SKIP_BUILD=1` reuses the last build (handy while iterating).
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL: E2E_ORIGIN,
    viewport: { width: 1366, height: 860 },
    locale: "en-US",
    timezoneId: "UTC",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumExecutablePath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node --import tsx e2e/support/serve-app.ts",
    url: `${E2E_ORIGIN}/api/v1/health`,
    timeout: 420_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
