import { expect, test, type Page } from "@playwright/test";
import { adminCli } from "./support/admin-cli";
import { newAccount, screenshot, signUp } from "./support/dashboard";
import { E2E_ORIGIN } from "./support/e2e-environment";

/**
 * A project's funnel: on the project page and as a home widget, in both languages; each number opens the lead
 * list filtered to its leads. Data arrives through the REST door as an integrator's would.
 */
const WORDS = {
  en: { interested: "Interested", reservations: "Reservations", sales: "Sales", home: "Home", title: "Project funnel", clear: "Clear the funnel filter", byAgent: "By agent", breakdown: "Breakdown" },
  es: { interested: "Interesados", reservations: "Reservas", sales: "Ventas", home: "Inicio", title: "Embudo del proyecto", clear: "Quitar el filtro del embudo", byAgent: "Por agente", breakdown: "Desglose" },
} as const;

async function api(key: string, method: string, path: string, body?: unknown) {
  // The organization is held to 3 requests a second.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const response = await fetch(`${E2E_ORIGIN}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

/** A project with two units; four leads: two interested, one with a visit, one who reserved and then bought. */
async function seed(page: Page, language: "en" | "es") {
  const account = newAccount(language === "en" ? "Funnel" : "Embudo");
  await signUp(page, account, { language });
  const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const { key } = await adminCli<{ key: string }>("key", "create", "--org", slug, "--name", "Funnel sync", "--scopes", "all");
  const project = await api(key, "POST", "/projects", { name: "Torre Mirador", units: [{ name: "A-101", price: 185000 }, { name: "B-204", price: 240000 }] });
  const units = (await api(key, "GET", `/projects/${project.id}`)).units as { id: string; name: string }[];
  const lead = async (firstName: string, extra: Record<string, unknown>) =>
    (await api(key, "POST", "/leads", { firstName, lastName: "García", email: `${firstName.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()}-${slug}@example.test`, ...extra })).id as string;
  const linked = await lead("Lucía", { projectId: project.id, source: "website" });
  await lead("Mateo", { interest: { projectIds: [project.id] }, source: "referral" });
  await api(key, "POST", `/leads/${linked}/communications`, { type: "meeting", direction: "outbound", content: "Visit" });
  const buyer = await lead("Sofía", { source: "referral" });
  await api(key, "PATCH", `/projects/${project.id}/units/${units[0]!.id}`, { status: "reserved", leadId: buyer });
  await api(key, "PATCH", `/projects/${project.id}/units/${units[0]!.id}`, { status: "sold" });
  return project.id as string;
}

for (const language of ["en", "es"] as const) {
  test(`the funnel on the project page and at home, each number opening its leads (${language})`, async ({ page }) => {
    const w = WORDS[language];
    const projectId = await seed(page, language);
    await page.goto(`/projects/${projectId}`);
    // The units table names who holds a sold or reserved unit, linking to the lead.
    await expect(page.getByTestId("unit-holder-link")).toContainText("Sofía García");
    const funnel = page.getByTestId("project-funnel");
    await page.getByRole("radio", { name: language === "en" ? "30 days" : "30 días" }).click();
    await expect(funnel.getByTestId("funnel-stage-interested")).toContainText("3");
    await expect(funnel.getByTestId("funnel-stage-visits")).toContainText("1");
    await expect(funnel.getByTestId("funnel-stage-reservations")).toContainText("1");
    await expect(funnel.getByTestId("funnel-stage-sales")).toContainText("1");
    await funnel.getByLabel(w.breakdown).selectOption("byAgent");
    await expect(funnel.getByRole("table", { name: w.byAgent })).toBeVisible();
    await funnel.getByTestId("funnel-stage-interested").scrollIntoViewIfNeeded();
    await screenshot(page, `project-funnel-${language}`);

    await funnel.getByTestId("funnel-stage-sales").click();
    await expect(page).toHaveURL(/funnelStage=sales/);
    await expect(page.getByTestId("funnel-filter")).toContainText(w.sales);
    await expect(page.getByText("Sofía García").first()).toBeVisible();
    await expect(page.getByText("Lucía García")).toHaveCount(0);
    await screenshot(page, `project-funnel-leads-${language}`);
    await page.getByRole("button", { name: w.clear }).click();
    await expect(page.getByText("Lucía García").first()).toBeVisible();

    await page.goto("/home");
    const widget = page.getByTestId("home-project-funnel");
    await expect(widget.getByRole("heading", { name: w.title })).toBeVisible();
    await page.getByRole("radio", { name: language === "en" ? "30 days" : "30 días" }).click();
    await expect(widget.getByTestId("funnel-stage-reservations")).toContainText("1");
    await widget.scrollIntoViewIfNeeded();
    await screenshot(page, `home-project-funnel-${language}`);
    await widget.getByTestId("funnel-stage-interested").click();
    await expect(page).toHaveURL(/funnelStage=interested/);
    await expect(page.getByTestId("funnel-filter")).toContainText(w.interested);
  });
}
