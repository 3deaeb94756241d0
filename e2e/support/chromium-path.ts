import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * The browser the end-to-end tests drive: CHROMIUM_PATH when set, else the
 * system's Chromium, else Playwright's own build when `npx playwright install
 * chromium` has fetched it (undefined: Playwright's default). Without any,
 * the run stops here with one line saying how to get one, rather than with a
 * stack trace per test.
 */
export function chromiumExecutablePath(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    return stop(`CHROMIUM_PATH=${configured} does not exist`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (existsSync(chromium.executablePath())) return undefined;
  return stop(`no Chromium at ${DEBIAN_CHROMIUM} and no Playwright browser`);
}

function stop(reason: string): never {
  process.stderr.write(
    `Browser tests need Chromium: ${reason}. Install one (apt-get install chromium, or npx playwright install chromium) ` +
      `or set CHROMIUM_PATH to a Chromium or Chrome executable.\n`,
  );
  process.exit(1);
}
