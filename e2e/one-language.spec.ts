import { expect, test, type Page } from "@playwright/test";
import { en } from "../lib/i18n/en";
import { es } from "../lib/i18n/es";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { expectToast, newAccount, signUpWithForm } from "./support/dashboard";

/**
 * One language per screen. An organization is created in Spanish, gets a
 * lead with a note, and every dashboard page reachable from the Leads page
 * is read (its text, placeholders, accessible names and titles); then the
 * organization switches to English and every page is read again. A page
 * fails when it shows a string that only the other language's catalogue has
 * (stage names and timeline texts included), or a line that reads as the
 * other language (English words on a Spanish page: hard-coded copy).
 */
const MAX_PAGES = 60;

type Language = "en" | "es";

/** Every string of a catalogue (functions left out: their output is checked by the word test). */
function stringsOf(node: unknown, into = new Set<string>()): Set<string> {
  if (typeof node === "string") into.add(node.trim());
  else if (node && typeof node === "object") for (const value of Object.values(node)) stringsOf(value, into);
  return into;
}

const catalogue = { en: stringsOf(en), es: stringsOf(es) };
/** Strings only one language has (a word both spell alike, such as "Email" or "Leads", counts for neither). */
const onlyIn = (language: Language) => {
  const other = catalogue[language === "en" ? "es" : "en"];
  return new Set([...catalogue[language]].filter((text) => text.length > 1 && !other.has(text)));
};
const ONLY = { en: onlyIn("en"), es: onlyIn("es") };

/** Words that give a line away as the other language; none is a word of the language the page is in. */
const GIVEAWAYS: Record<Language, RegExp> = {
  // On a Spanish page: English.
  es: /\b(the|and|your|you|with|from|this|these|has|have|was|were|will|by|of|to|is|are|not|no one|yet|when|which|who|what)\b/i,
  // On an English page: Spanish.
  en: /\b(el|los|las|una|unos|del|para|por|con|está|están|tu|tus|usted|su|sus|aún|todavía|ningún|ninguna|sin)\b/i,
};

function routeOf(pathname: string): string {
  return pathname
    .replace(/\/[a-z]+_[A-Za-z0-9_-]{6,}(?=\/|$)/g, "/:id")
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, "/:id");
}

/** What a person reads on the page, or hears from a screen reader: lines of text and the names, placeholders and titles of controls. */
async function readable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines = document.body.innerText.split("\n");
    for (const element of document.querySelectorAll<HTMLElement>("[aria-label], [placeholder], [title]")) {
      for (const name of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(name);
        if (value) lines.push(value);
      }
    }
    return lines.map((line) => line.trim()).filter((line) => line !== "");
  });
}

/** Place names that read as either language whatever the page's ("El Salvador" is its English name too). */
const PLACES = ["El Salvador"];

/**
 * A line without people's own data (names, addresses, the organization's
 * name) and proper names of places (time zones such as "Europe/Isle of Man",
 * countries): those are what they are, in whatever language the page is.
 */
function withoutPeoplesData(line: string, data: string[]): string {
  if (/^[A-Z][A-Za-z]+\/\S/.test(line) || PLACES.includes(line)) return "";
  return data.reduce((rest, item) => rest.replaceAll(item, " "), line).replace(/\S+@\S+\.\S+/g, " ");
}

async function tour(page: Page, language: Language, data: string[]): Promise<string[]> {
  const wrong: string[] = [];
  const queue = ["/leads"];
  const visited = new Set<string>();
  while (queue.length > 0 && visited.size < MAX_PAGES) {
    const url = queue.shift() as string;
    const route = routeOf(new URL(url, "http://x").pathname);
    if (visited.has(route)) continue;
    visited.add(route);
    await page.goto(url);
    await expect(page.locator("main h1").first()).toBeVisible();
    await expect(page.locator("main").getByText(dictionaryFor(language).common.loading)).toHaveCount(0);
    const other = language === "en" ? "es" : "en";
    for (const line of await readable(page)) {
      if (ONLY[other].has(line)) wrong.push(`${route}: “${line}” (from the ${other} catalogue)`);
      else if (!ONLY[language].has(line) && GIVEAWAYS[language].test(withoutPeoplesData(line, data))) wrong.push(`${route}: “${line}” (reads as ${other})`);
    }
    const links = await page.locator("a[href^='/']").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    for (const href of links) {
      const pathname = new URL(href, "http://x").pathname;
      if (/^\/(api|login|signup|docs|oauth)(\/|$)/.test(pathname) || pathname === "/") continue;
      if (!visited.has(routeOf(pathname))) queue.push(pathname);
    }
  }
  expect([...visited], "the project page was read").toContain("/projects/:id");
  process.stdout.write(`[${language}] pages read: ${[...visited].sort().join(", ")}\n`);
  return [...new Set(wrong)];
}

test("every page speaks one language: Spanish, then English after the organization switches", async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const account = newAccount("Idioma");
  await signUpWithForm(page, account, { language: "es" });
  const t = dictionaryFor("es");
  await page.getByRole("button", { name: t.leads.newLead }).click();
  const dialog = page.getByRole("dialog", { name: t.leads.newLead });
  await dialog.getByLabel(t.leads.fields.firstName).fill("Lucía");
  await dialog.getByLabel(t.leads.fields.lastName).fill("Fernández");
  await dialog.getByLabel(t.leads.fields.phone).fill("+52 55 1234 5678");
  await dialog.getByRole("button", { name: t.common.create }).click();
  await expect(page.getByTestId("lead-name")).toHaveText("Lucía Fernández");
  await page.getByLabel(t.leads.addNote).fill("Quiere visitar el piso el sábado");
  await page.getByRole("button", { name: t.leads.addNote }).click();
  await expectToast(page, t.leads.noteAdded);
  // A project, so its page (units, funnel) is read too.
  await page.goto("/projects/new");
  await page.getByLabel(t.projects.fields.name).fill("Torre Jacarandas");
  await page.getByRole("button", { name: t.projects.newProject }).click();
  await expectToast(page, t.projects.created);

  const data = [account.name, account.organization, account.email, "Lucía", "Fernández", "Quiere visitar el piso el sábado", "Torre Jacarandas"];
  const spanish = await tour(page, "es", data);

  await page.goto("/settings/organization");
  await page.getByLabel(t.settings.org.locale).selectOption("en");
  await page.getByRole("button", { name: t.common.save, exact: true }).click();
  await expect(page.getByRole("heading", { name: en.settings.title, level: 1 })).toBeVisible();
  const english = await tour(page, "en", data);

  await testInfo.attach("strings in the wrong language", { body: [...spanish, ...english].join("\n"), contentType: "text/plain" });
  expect([...spanish, ...english], "strings in the other language").toEqual([]);
});
