import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromiumExecutablePath } from "../e2e/support/chromium-path";
import { E2E_ORIGIN } from "../e2e/support/e2e-environment";

/**
 * `npm run lighthouse`: Lighthouse's accessibility audit of the built app,
 * as a phone (Lighthouse's mobile emulation) and as a desktop, on the pages
 * a field agent lives in. It prints each page's score and every failing
 * audit, and exits 1 when the leads list or a lead's page scores under 95.
 *
 * The app: `LIGHTHOUSE_URL` when one is running, otherwise a fresh one
 * started the way the browser tests start theirs (e2e/support/serve-app.ts:
 * own port and database; `E2E_SKIP_BUILD=1` reuses the last build). The
 * browser: the tests' Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH),
 * driven by Playwright to sign up and add a lead, then handed to Lighthouse
 * over its debugging port with the session cookie in place.
 */
const REQUIRED_SCORE = 95;
const DEBUGGING_PORT = Number(process.env.LIGHTHOUSE_DEBUGGING_PORT ?? 9322);

async function waitForHealth(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${origin}/api/v1/health`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the app did not answer at ${origin} within ${timeoutMs / 1000} s`);
}

async function startApp(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("e2e", "support", "serve-app.ts")], {
    stdio: ["ignore", "ignore", "inherit"],
    env: process.env,
  });
  await waitForHealth(E2E_ORIGIN, 600_000);
  return child;
}

async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

/** A new account with one lead that has a phone, an e-mail, a note and a logged call. Returns the lead's path. */
async function seed(page: Page, origin: string): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto(`${origin}/signup`);
  await page.getByLabel("Your name").fill("Lighthouse Tester");
  await page.getByLabel("Work email").fill(`lighthouse-${tag}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByLabel("Company name").fill(`Lighthouse Realty ${tag}`);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/leads$/);
  await page.getByRole("button", { name: "New lead" }).click();
  const dialog = page.getByRole("dialog", { name: "New lead" });
  await dialog.getByLabel("First name").fill("Lucía");
  await dialog.getByLabel("Last name").fill("Fernández");
  await dialog.getByLabel("Email").fill("lucia@example.com");
  await dialog.getByLabel("Phone").fill("+34 600 123 456");
  await dialog.getByLabel("Company").fill("Casa Azul");
  await dialog.getByRole("button", { name: "Create" }).click();
  await page.getByTestId("lead-name").waitFor();
  await page.getByPlaceholder("Write a note for your team").fill("Wants a 3-bedroom unit facing the park.");
  await page.getByRole("button", { name: "Add note" }).last().click();
  await page.getByTestId("lead-timeline").locator("[data-activity-type='note']").waitFor();
  return new URL(page.url()).pathname;
}

interface AuditLine {
  page: string;
  formFactor: string;
  score: number;
  failures: string[];
}

async function audit(url: string, formFactor: "mobile" | "desktop"): Promise<{ score: number; failures: string[] }> {
  const result = await lighthouse(
    url,
    { port: DEBUGGING_PORT, onlyCategories: ["accessibility"], disableStorageReset: true, logLevel: "error" },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const category = result.lhr.categories.accessibility;
  const failures = Object.values(result.lhr.audits)
    .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === "binary")
    .map((item) => `${item.id}: ${item.title}`);
  return { score: Math.round((category?.score ?? 0) * 100), failures };
}

const external = process.env.LIGHTHOUSE_URL?.replace(/\/$/, "");
const origin = external ?? E2E_ORIGIN;
const app = external ? null : await startApp();
const profile = mkdtempSync(path.join(tmpdir(), "inmo-lighthouse-"));
let failed = false;
try {
  // A persistent context is the browser's default one: the tabs Lighthouse opens share its session cookie.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutablePath(),
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [`--remote-debugging-port=${DEBUGGING_PORT}`, "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const leadPath = await seed(page, origin);
    const pages = [
      { name: "Leads list", path: "/leads", required: true },
      { name: "Lead detail", path: leadPath, required: true },
      { name: "Pipeline", path: "/pipeline", required: false },
      { name: "Projects", path: "/projects", required: false },
      { name: "Profile", path: "/profile", required: false },
      { name: "Settings, members", path: "/settings/members", required: false },
    ];
    const lines: AuditLine[] = [];
    for (const target of pages) {
      for (const formFactor of ["mobile", "desktop"] as const) {
        const { score, failures } = await audit(`${origin}${target.path}`, formFactor);
        lines.push({ page: target.name, formFactor, score, failures });
        if (target.required && score < REQUIRED_SCORE) failed = true;
      }
    }
    process.stdout.write(`\nLighthouse ${"accessibility".padEnd(14)} (required ≥ ${REQUIRED_SCORE} on the leads list and a lead's page)\n`);
    for (const line of lines) {
      process.stdout.write(`${line.page.padEnd(20)} ${line.formFactor.padEnd(8)} ${String(line.score).padStart(3)}\n`);
      for (const failure of line.failures) process.stdout.write(`    ✗ ${failure}\n`);
    }
  } finally {
    await context.close();
  }
} finally {
  rmSync(profile, { recursive: true, force: true });
  if (app) await stopApp(app);
}
if (failed) {
  process.stderr.write(`\nAccessibility under ${REQUIRED_SCORE} on a required page.\n`);
  process.exit(1);
}
