import { expect, test, type Browser, type Page } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { adminCli } from "./support/admin-cli";
import { newAccount, screenshot, signIn, signUp } from "./support/dashboard";
import { E2E_ORIGIN } from "./support/e2e-environment";

/**
 * A member (a sales rep) in an organization whose owner set up a routing pool
 * and a call sequence: the member reads both but is offered none of the
 * managers' actions — no "New pool", "Delete pool", pause, "New sequence",
 * launch or edit — and typing the editors' addresses shows who may use them.
 * The server refuses those calls anyway (tests/security/member-journeys.test.ts).
 * Their profile lists the API usage of their own apps. In both languages.
 */
test.describe.configure({ mode: "serial" });

const THROTTLE = { maxPerMinute: 10, businessHoursStart: "09:00", businessHoursEnd: "18:00", timezone: "UTC", weekdays: [1, 2, 3, 4, 5] };

interface Setup {
  owner: Page;
  member: Page;
  memberId: string;
  poolId: string;
  sequenceId: string;
}

async function post<T>(key: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${E2E_ORIGIN}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as T;
}

/** An organization in `language` with a pool and a draft sequence (made by the owner's key), and a member signed in. */
async function setUp(browser: Browser, language: "en" | "es"): Promise<Setup> {
  const account = newAccount(`Access${language}`);
  const owner = await browser.newPage();
  await signUp(owner, account, { language });
  const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const { key } = await adminCli("key", "create", "--org", slug, "--name", "Setup", "--scopes", "all");
  const memberEmail = `rep-${slug.split("-").at(-1)}@example.test`;
  const password = "a long passphrase for the rep";
  const { userId } = await adminCli("user", "create", "--org", slug, "--email", memberEmail, "--name", "Rita Rep", "--role", "member", "--password", password);
  const pool = await post<{ id: string }>(key!, "/round-robin", { name: "Inbound team", participantIds: [userId] });
  const sequence = await post<{ id: string }>(key!, "/sequences", { name: "Spring calls", channel: "call", criteria: {}, throttle: THROTTLE });
  const member = await (await browser.newContext()).newPage();
  await signIn(member, memberEmail, password);
  return { owner, member, memberId: userId!, poolId: pool.id, sequenceId: sequence.id };
}

for (const language of ["en", "es"] as const) {
  test.describe(`a member's view of routing and sequences (${language})`, () => {
    const t = dictionaryFor(language);
    let setup: Setup;

    test.beforeAll(async ({ browser }) => {
      setup = await setUp(browser, language);
    });

    test.afterAll(async () => {
      await setup.owner.context().close();
      await setup.member.context().close();
    });

    test("routing: the pool is readable; no new pool, edit, delete or pause; the editors' addresses say who may use them", async () => {
      const { member, poolId } = setup;
      await member.goto("/routing");
      await expect(member.getByRole("link", { name: "Inbound team" })).toBeVisible();
      await expect(member.getByRole("link", { name: t.routing.newPool })).toHaveCount(0);
      await screenshot(member, `member-routing-list-${language}`);

      await member.getByRole("link", { name: "Inbound team" }).click();
      await expect(member.getByRole("heading", { name: "Inbound team", level: 1 })).toBeVisible();
      await expect(member.getByTestId("next-participant")).toContainText("Rita Rep");
      await expect(member.getByRole("button", { name: t.routing.deletePool })).toHaveCount(0);
      await expect(member.getByRole("button", { name: `${t.routing.pause} Rita Rep` })).toHaveCount(0);
      await expect(member.getByRole("link", { name: t.common.edit })).toHaveCount(0);
      await screenshot(member, `member-routing-pool-${language}`);

      for (const address of ["/routing/new", `/routing/${poolId}/edit`]) {
        await member.goto(address);
        await expect(member.getByText(t.routing.managersOnly)).toBeVisible();
        await expect(member.getByRole("button", { name: t.common.save })).toHaveCount(0);
      }
      await screenshot(member, `member-routing-refused-${language}`);
    });

    test("sequences: readable; no new sequence, launch, edit or delete; the editors' addresses say who may use them", async () => {
      const { member, sequenceId } = setup;
      await member.goto("/sequences");
      await expect(member.getByRole("link", { name: "Spring calls" })).toBeVisible();
      await expect(member.getByRole("link", { name: t.sequences.newSequence })).toHaveCount(0);
      await screenshot(member, `member-sequences-list-${language}`);

      await member.getByRole("link", { name: "Spring calls" }).click();
      await expect(member.getByRole("heading", { name: "Spring calls" })).toBeVisible();
      await expect(member.getByRole("button", { name: t.sequences.launch })).toHaveCount(0);
      await expect(member.getByRole("button", { name: t.common.delete })).toHaveCount(0);
      await expect(member.getByRole("link", { name: t.common.edit })).toHaveCount(0);
      await screenshot(member, `member-sequence-${language}`);

      for (const address of ["/sequences/new", `/sequences/${sequenceId}/edit`]) {
        await member.goto(address);
        await expect(member.getByText(t.sequences.managersOnly)).toBeVisible();
      }
      await screenshot(member, `member-sequences-refused-${language}`);
    });

    test("the server refuses the managers' calls sent from the member's own browser session (create, pause, delete pools and sequences)", async () => {
      const { member, memberId, poolId, sequenceId } = setup;
      const calls: [string, unknown][] = [
        ["roundRobin.create", { name: "Member pool", participantIds: [] }],
        ["roundRobin.setParticipantActive", { roundRobinId: poolId, userId: memberId, isActive: false }],
        ["roundRobin.delete", { roundRobinId: poolId }],
        ["sequences.create", { name: "Member calls", channel: "call", criteria: {}, throttle: THROTTLE }],
        ["sequences.pause", { sequenceId }],
        ["sequences.delete", { sequenceId }],
      ];
      for (const [procedure, input] of calls) {
        const status = await member.evaluate(
          async ([path, body]) =>
            (await fetch(`/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status,
          [procedure, input] as const,
        );
        expect(status, procedure).toBe(403);
      }
      await member.goto(`/routing/${poolId}`);
      await expect(member.getByRole("heading", { name: "Inbound team", level: 1 })).toBeVisible();
      await expect(member.getByTestId("next-participant")).toContainText("Rita Rep");
    });

    test("the owner of the same organization is offered every action (the buttons exist for the roles allowed)", async () => {
      const { owner, poolId, sequenceId } = setup;
      await owner.goto(`/routing/${poolId}`);
      await expect(owner.getByRole("button", { name: t.routing.deletePool })).toBeVisible();
      await expect(owner.getByRole("button", { name: `${t.routing.pause} Rita Rep` })).toBeVisible();
      await owner.goto(`/sequences/${sequenceId}`);
      await expect(owner.getByRole("button", { name: t.sequences.launch })).toBeVisible();
      await owner.goto("/routing/new");
      await expect(owner.getByText(t.routing.managersOnly)).toHaveCount(0);
    });

    test("the member's profile lists the API usage of their own apps only", async () => {
      const { member } = setup;
      await member.goto("/profile");
      await expect(member.getByRole("heading", { name: t.usage.profileTitle })).toBeVisible();
      await expect(member.getByTestId("usage-own-only")).toHaveText(t.usage.ownOnly);
      await screenshot(member, `member-profile-usage-${language}`);
    });
  });
}
