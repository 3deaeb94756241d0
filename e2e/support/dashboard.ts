import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ORIGIN } from "./e2e-environment";
import { phoneTakesTabletScreenshots, TABLET_VIEWPORT } from "./sizes";

const SCREENSHOTS = path.resolve(import.meta.dirname, "..", "screenshots");

export interface ScreenshotOptions {
  /** The viewport only, not the full page. */
  viewportOnly?: boolean;
}

/**
 * Full-page screenshot of the current page into
 * e2e/screenshots/<project>-<name>.png (desktop, phone or tablet;
 * git-ignored), for a person to look at.
 *
 * On the phone, for a journey the tablet does not run itself (see
 * e2e/support/sizes.ts), it also takes `tablet-<name>.png` at 768×1024 and
 * goes back to the phone's size: the phone's context is already a touch,
 * mobile-viewport one, so the picture is the tablet's (only the user agent
 * differs, which the app reads nowhere but in naming a push device).
 */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const info = test.info();
  await screenshotAs(page, info.project.name, name, options);
  if (info.project.name !== "phone" || !phoneTakesTabletScreenshots(path.basename(info.file))) return;
  const phone = page.viewportSize();
  await page.setViewportSize(TABLET_VIEWPORT);
  try {
    await screenshotAs(page, "tablet", name, options);
  } finally {
    if (phone) await page.setViewportSize(phone);
    await afterLayout(page);
  }
}

async function screenshotAs(page: Page, project: string, name: string, options: ScreenshotOptions): Promise<void> {
  const file = path.join(SCREENSHOTS, `${project}-${name}.png`);
  await afterLayout(page);
  // A long document (the API reference) is shown as the reader sees it where they are, not as one huge image.
  if (options.viewportOnly) return void (await page.screenshot({ path: file }));
  // From the top, as a person lands on the page (the sidebar is sticky).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * Two animation frames: the layout of a new viewport size has been applied and
 * painted. A page with scripting off (a buyer's sheet opened without
 * JavaScript) never runs animation-frame callbacks; there the resize itself
 * was awaited and the screenshot paints a fresh frame, so there is nothing to
 * wait for (a timeout would cost a second a picture). The page's own media
 * query says which it is. The timeout stays as a backstop.
 */
async function afterLayout(page: Page): Promise<void> {
  const frames = page
    .evaluate(() => {
      if (matchMedia("(scripting: none)").matches) return;
      return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    })
    .catch(() => {});
  await Promise.race([frames, new Promise((resolve) => setTimeout(resolve, 1_000))]);
}

/** Whether the page shows the phone's top bar (below the tablet breakpoint) rather than the sidebar. */
export async function hasTopBar(page: Page): Promise<boolean> {
  return page.getByTestId("open-menu").isVisible();
}

/** Follows a main section's link: from the sidebar, or on a phone from the menu behind the top bar. */
export async function goToSection(page: Page, name: string): Promise<void> {
  if (await hasTopBar(page)) {
    await page.getByTestId("open-menu").click();
    await page.getByTestId("menu-sheet").getByRole("link", { name, exact: true }).click();
    await expect(page.getByTestId("menu-sheet")).toBeHidden();
  } else {
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name, exact: true }).click();
  }
}

export interface Account {
  name: string;
  email: string;
  password: string;
  organization: string;
}

/** A new person and organization, unique per call so specs never collide. */
export function newAccount(label: string): Account {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `${label} Tester`,
    email: `${label.toLowerCase()}-${tag}@example.test`,
    password: "correct horse battery staple",
    organization: `${label} Realty ${tag}`,
  };
}

/**
 * Each account signs up and in from its own (private) address, as agents of
 * different offices do: the app's per-address abuse budgets (10 sign-ups an
 * hour, 30 sign-ins per 15 minutes) are for one address, not for the whole
 * suite. The e2e app trusts one proxy hop more, so it reads this header the
 * way production reads its reverse proxy's.
 */
function ownAddress(email: string): string {
  const digest = createHash("sha256").update(email).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

async function useOwnAddress(page: Page, email: string): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownAddress(email) });
}

/**
 * A new organization and its owner, signed in on `page`, which then shows the
 * lead list. Through the doors the sign-up form uses, without the form: the
 * `account.signUp` call it makes, then next-auth's credentials sign-in as its
 * client sends it. A spec whose subject is not signing up starts at once
 * instead of loading the sign-up page and the home overview first (seconds a
 * spec on a busy machine); `signUpWithForm` is the person's way, for the
 * journeys that are about it.
 */
export async function signUp(page: Page, account: Account, options: { language?: "en" | "es" } = {}): Promise<void> {
  await useOwnAddress(page, account.email);
  // As the form's own fetch: JSON, from the app's origin.
  const answer = await page.request.post("/api/trpc/account.signUp", {
    headers: { "X-Forwarded-For": ownAddress(account.email), Origin: E2E_ORIGIN },
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      organizationName: account.organization,
      locale: options.language ?? "en",
      timezone: test.info().project.use.timezoneId ?? null,
    },
  });
  expect(answer.status(), `sign-up: ${await answer.text()}`).toBe(200);
  await credentialsSignIn(page, account.email, account.password);
  await page.goto("/leads");
}

/** The sign-up form, as a person fills it in; signed in, the specs start from the lead list. */
export async function signUpWithForm(page: Page, account: Account, options: { language?: "en" | "es" } = {}): Promise<void> {
  await useOwnAddress(page, account.email);
  await page.goto("/signup");
  await page.getByLabel("Your name").fill(account.name);
  await page.getByLabel("Work email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Company name").fill(account.organization);
  if (options.language) await page.getByLabel("Language").selectOption(options.language);
  await page.getByRole("button", { name: "Create account" }).click();
  // Hashing the password and creating the organization take a while on a busy machine.
  // Sign-in lands on the home overview; the specs start from the lead list.
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await page.goto("/leads");
}

/** Signed in on `page` through next-auth's credentials door, as the sign-in form's client calls it; then the lead list. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await useOwnAddress(page, email);
  await credentialsSignIn(page, email, password);
  await page.goto("/leads");
}

/** The sign-in form, as a person fills it in; the specs start from the lead list. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await useOwnAddress(page, email);
  await page.goto("/login");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Sign-in lands on the home overview; the specs start from the lead list.
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await page.goto("/leads");
}

/** next-auth's `signIn("credentials", { redirect: false })`: its CSRF token, then the credentials; the session cookie lands in the page's context. */
async function credentialsSignIn(page: Page, email: string, password: string): Promise<void> {
  const headers = { "X-Forwarded-For": ownAddress(email) };
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf", { headers })).json()) as { csrfToken: string };
  const answer = await page.request.post("/api/auth/callback/credentials", {
    headers,
    form: { email, password, csrfToken, json: "true", callbackUrl: "/home" },
  });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  expect(new URL(url).searchParams.get("error"), `sign-in of ${email}`).toBeNull();
}

/** Waits for a toast with `text` (success and error toasts alike). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: text }).or(page.getByRole("alert").filter({ hasText: text })).first()).toBeVisible();
}
