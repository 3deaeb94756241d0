import { defineConfig, devices } from "@playwright/test";
import { chromiumExecutablePath } from "./e2e/support/chromium-path";
import { E2E_ORIGIN } from "./e2e/support/e2e-environment";

/**
 * Browser tests: Chromium (Debian's, CHROMIUM_PATH or Playwright's own; see
 * e2e/support/chromium-path.ts) drives the real app, built and started by
 * `webServer` on its own port with its own fresh embedded database.
 * `E2E_SKIP_BUILD=1` reuses the last build (handy while iterating).
 *
 * Three sizes: every spec but the page tour runs on the desktop; a phone
 * (390×844, touch, a mobile user agent) and a tablet (768×1024, touch) run
 * the journeys of a field agent, a member's view of routing and sequences, who sees which lead, and the page tour that checks no page
 * scrolls sideways (see docs/ui.md). Specs share nothing (each signs up its own organization), so
 * two workers run them side by side against the one app server.
 */
const PHONE_AND_TABLET_SPECS = [
  "field-agent.spec.ts",
  "page-tour.spec.ts",
  "member-access.spec.ts",
  "unmatched-conversations.spec.ts",
  "lead-visibility.spec.ts",
  "first-touch.spec.ts",
  "match-sending.spec.ts",
  "notifications.spec.ts",
  "lead-merge.spec.ts",
  "instant-reply.spec.ts",
  "unit-sheets.spec.ts",
  "project-funnel.spec.ts",
  "lead-intake.spec.ts",
  "claim-lead.spec.ts",
];
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
  projects: [
    // The page tour is for narrow screens; every other spec already covers the desktop's pages.
    { name: "desktop", testIgnore: "page-tour.spec.ts", use: { browserName: "chromium" } },
    {
      name: "phone",
      testMatch: PHONE_AND_TABLET_SPECS,
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
      },
    },
    {
      name: "tablet",
      testMatch: PHONE_AND_TABLET_SPECS,
      use: {
        browserName: "chromium",
        viewport: { width: 768, height: 1024 },
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
