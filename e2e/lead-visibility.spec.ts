import { expect, test, type Browser, type Page } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { adminCli } from "./support/admin-cli";
import { expectToast, newAccount, screenshot, signIn, signUp } from "./support/dashboard";
import { E2E_ORIGIN } from "./support/e2e-environment";

/**
 * Who sees which lead, as a brokerage sets it up: the owner switches the
 * organization to "members see their own leads" and builds a team (a team
 * lead and an agent) in Settings; the agent then sees only the leads
 * assigned to them, the team lead theirs and the agent's, and neither sees a
 * colleague's outside the team. A colleague's lead opened by its address is
 * "you can't see this lead", exactly as a lead that does not exist. A new
 * lead the agent creates starts assigned to them (so it stays in sight).
 * When the owner hands the agent's lead to someone else, the agent's open
 * lead page says so on their next action. In both languages.
 */
test.describe.configure({ mode: "serial" });

const PASSWORD = "a long passphrase for the agents";

interface Office {
  owner: Page;
  key: string;
  agent: { id: string; email: string; name: string };
  colleague: { id: string; email: string; name: string };
  teamLead: { id: string; email: string; name: string };
  leads: { agent: string; colleague: string; teamLead: string };
}

async function api(key: string, method: "POST" | "PUT", path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${E2E_ORIGIN}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as { id: string };
}

/** An organization in `language` with three members (made with the admin CLI) and a lead for each (made with a key). */
async function openOffice(browser: Browser, language: "en" | "es"): Promise<Office> {
  const account = newAccount(`Visible${language}`);
  const owner = await browser.newPage();
  await signUp(owner, account, { language });
  const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const tag = slug.split("-").at(-1)!;
  const { key } = await adminCli("key", "create", "--org", slug, "--name", "Setup", "--scopes", "all");
  const person = async (name: string, handle: string) => {
    const email = `${handle}-${tag}@example.test`;
    const { userId } = await adminCli("user", "create", "--org", slug, "--email", email, "--name", name, "--role", "member", "--password", PASSWORD);
    return { id: userId!, email, name };
  };
  const agent = await person("Ana Morales", "ana");
  const colleague = await person("Bruno Castillo", "bruno");
  const teamLead = await person("Teresa Vargas", "teresa");
  const lead = async (firstName: string, lastName: string, phone: string, assignedToId: string) =>
    (await api(key!, "POST", "/leads", { firstName, lastName, phone, assignedToId, source: "website" })).id;
  const leads = {
    agent: await lead("Lucía", "Fernández", "+5491155501234", agent.id),
    colleague: await lead("Mateo", "Rodríguez", "+5491155505678", colleague.id),
    teamLead: await lead("Valentina", "Gómez", "+5491155509012", teamLead.id),
  };
  return { owner, key: key!, agent, colleague, teamLead, leads };
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD);
  return page;
}

for (const language of ["en", "es"] as const) {
  test.describe(`who sees which lead (${language})`, () => {
    const t = dictionaryFor(language);
    let office: Office;
    let agentPage: Page;

    test.beforeAll(async ({ browser }) => {
      office = await openOffice(browser, language);
    });

    test.afterAll(async () => {
      await office.owner.context().close();
      await agentPage?.context().close();
    });

    test("the owner lets members see only their own leads and makes a team with a team lead", async () => {
      const { owner, agent, teamLead } = office;
      await owner.goto("/settings/organization");
      await owner.getByLabel(t.visibility.setting).selectOption("own");
      await screenshot(owner, `visibility-setting-${language}`);
      await owner.getByRole("button", { name: t.common.save, exact: true }).click();
      await expectToast(owner, language === "es" ? "Cambios guardados" : "Changes saved");

      await owner.goto("/settings/teams");
      await owner.getByRole("button", { name: t.teams.newTeam }).click();
      const dialog = owner.getByRole("dialog", { name: t.teams.newTitle });
      await dialog.getByLabel(t.teams.name, { exact: true }).fill("Norte");
      await dialog.getByLabel(t.teams.placeOf(teamLead.name)).selectOption("lead");
      await dialog.getByLabel(t.teams.placeOf(agent.name)).selectOption("member");
      await screenshot(owner, `visibility-team-dialog-${language}`);
      await dialog.getByRole("button", { name: t.teams.create }).click();
      await expectToast(owner, t.teams.created);
      await expect(owner.getByText("Norte", { exact: true }).first()).toBeVisible();
      await screenshot(owner, `visibility-teams-${language}`);
    });

    test("the agent sees their own lead only; the team lead sees theirs and the agent's; a colleague's stays out of both", async ({ browser }) => {
      agentPage = await signedIn(browser, office.agent.email);
      await expect(agentPage.getByRole("link", { name: "Lucía Fernández", exact: true })).toBeVisible();
      await expect(agentPage.getByRole("link", { name: "Mateo Rodríguez", exact: true })).toHaveCount(0);
      await expect(agentPage.getByRole("link", { name: "Valentina Gómez", exact: true })).toHaveCount(0);
      await screenshot(agentPage, `visibility-agent-leads-${language}`);

      const teamLeadPage = await signedIn(browser, office.teamLead.email);
      await expect(teamLeadPage.getByRole("link", { name: "Lucía Fernández", exact: true })).toBeVisible();
      await expect(teamLeadPage.getByRole("link", { name: "Valentina Gómez", exact: true })).toBeVisible();
      await expect(teamLeadPage.getByRole("link", { name: "Mateo Rodríguez", exact: true })).toHaveCount(0);
      await screenshot(teamLeadPage, `visibility-team-lead-leads-${language}`);
      await teamLeadPage.context().close();
    });

    test("the agent opening a colleague's lead by its address gets the not-found page", async () => {
      await agentPage.goto(`/leads/${office.leads.colleague}`);
      await expect(agentPage.getByText(t.visibility.notVisibleTitle)).toBeVisible();
      await expect(agentPage.getByText("Mateo")).toHaveCount(0);
      await screenshot(agentPage, `visibility-refused-${language}`);
    });

    test("a lead the agent creates starts assigned to them and stays in their view", async () => {
      await agentPage.goto("/leads");
      await agentPage.getByRole("button", { name: t.leads.newLead }).click();
      const dialog = agentPage.getByRole("dialog", { name: t.leads.newLead });
      const assignee = dialog.getByLabel(t.leads.fields.assignee);
      await expect(assignee).toHaveValue(office.agent.id);
      await dialog.getByLabel(t.leads.fields.firstName).fill("Sofía");
      await dialog.getByLabel(t.leads.fields.lastName).fill("Herrera");
      await dialog.getByLabel(t.leads.fields.phone).fill("+5491155503456");
      // Choosing someone else says the lead would leave the agent's view; they keep it.
      await assignee.selectOption("");
      await expect(dialog.getByText(t.visibility.leavesYourView)).toBeVisible();
      await screenshot(agentPage, `visibility-new-lead-${language}`);
      await assignee.selectOption(office.agent.id);
      await expect(dialog.getByText(t.visibility.leavesYourView)).toHaveCount(0);
      await dialog.getByRole("button", { name: t.common.create }).click();
      await expect(agentPage.getByTestId("lead-name")).toHaveText("Sofía Herrera");
      await agentPage.goto("/leads");
      await expect(agentPage.getByRole("link", { name: "Sofía Herrera", exact: true })).toBeVisible();
    });

    test("a lead handed to someone else leaves the agent's view: their open lead page says so on the next action", async () => {
      await agentPage.goto(`/leads/${office.leads.agent}`);
      await expect(agentPage.getByTestId("lead-name")).toHaveText("Lucía Fernández");

      await api(office.key, "PUT", `/leads/${office.leads.agent}`, { assignedToId: office.colleague.id });

      await agentPage.getByLabel(t.leads.addNote).fill("Called back, wants a visit on Saturday");
      await agentPage.getByRole("button", { name: t.leads.addNote }).click();
      await expect(agentPage.getByText(t.visibility.notVisibleTitle)).toBeVisible();
      await expect(agentPage.getByText(t.visibility.notVisibleBody)).toBeVisible();
      await screenshot(agentPage, `visibility-reassigned-${language}`);

      await agentPage.getByRole("link", { name: t.visibility.backToLeads }).click();
      await expect(agentPage.getByRole("link", { name: "Sofía Herrera", exact: true })).toBeVisible();
      await expect(agentPage.getByRole("link", { name: "Lucía Fernández", exact: true })).toHaveCount(0);
    });
  });
}
