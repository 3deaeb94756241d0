import { defineConfig, devices } from "@playwright/test";
import { chromiumExecutablePath } from "./e2e/support/chromium-path";
import { E2E_ORIGIN } from "./e2e/support/e2e-environment";
import { PHONE_SPECS, PHONE_VIEWPORT, TABLET_SPECS, TABLET_VIEWPORT } from "./e2e/support/sizes";

/**
 * Browser tests: Chromium (Debian's, CHROMIUM_PATH or Playwright's own; see
 * e2e/support/chromium-path.ts) drives the real app, built and started by
 * `webServer` on its own port with its own fresh embedded database.
 * `E2E_SKIP_BUILD=1` reuses the last build (handy while iterating).
 *
 * Three sizes (which spec runs where: e2e/support/sizes.ts): every spec but
 * the page tour runs on the desktop; a phone (390×844, touch, a mobile user
 * agent) runs the journeys of a field agent, a member's view, who sees which
 * lead and the other phone journeys, and the page tour that checks no page
 * scrolls sideways (see docs/ui.md); a tablet (768×1024, touch) runs the page
 * tour and the journeys that open the phone's top bar, and takes its other
 * screenshots during the phone's run. Specs share nothing (each signs up its
 * own organization), so two workers run them side by side against the one
 * app server.
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Generous: two workers share two cores with the app server, its database and the browsers.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // CI's per-spec durations (.ci/run → scripts/ci/durations.ts).
  reporter: process.env.PLAYWRIGHT_JSON_REPORT ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }]] : [["list"]],
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
  projects: [
    // The page tour is for narrow screens; every other spec already covers the desktop's pages.
    { name: "desktop", testIgnore: "page-tour.spec.ts", use: { browserName: "chromium" } },
    {
      name: "phone",
      testMatch: PHONE_SPECS,
      use: {
        browserName: "chromium",
        viewport: PHONE_VIEWPORT,
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
      },
    },
    {
      name: "tablet",
      testMatch: TABLET_SPECS,
      use: {
        browserName: "chromium",
        viewport: TABLET_VIEWPORT,
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Galaxy Tab S4"].userAgent,
      },
    },
  ],
  webServer: {
    command: "node --import tsx e2e/support/serve-app.ts",
    url: `${E2E_ORIGIN}/api/v1/health`,
    // A backstop for a first build on a machine busy with other work (the build prints its progress meanwhile).
    timeout: 1_500_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
