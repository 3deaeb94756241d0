import { expect, test, type APIRequestContext } from "@playwright/test";
import { createHash } from "node:crypto";
import { hashPassword } from "../server/auth/passwords";
import { createPrismaClient } from "../server/db/client";
import { adminCli, embeddedDatabaseUrl } from "./support/admin-cli";
import { newAccount } from "./support/dashboard";

/**
 * Sign-in budgets count failures only (second audit, item 8), through the
 * real next-auth route of the built app: a sales office of sixty agents
 * behind one address all sign in at the start of the day, while the
 * eleventh wrong password for one account is still refused (429) from that
 * same address.
 */
const PASSWORD = "the office's long passphrase";
const OFFICE_ADDRESS = (() => {
  const digest = createHash("sha256").update(`office-${Date.now()}`).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
})();

/** next-auth's credentials sign-in as its client sends it (`signIn("credentials", { redirect: false })`). */
async function signIn(request: APIRequestContext, email: string, password: string): Promise<number> {
  const headers = { "x-forwarded-for": OFFICE_ADDRESS };
  const { csrfToken } = (await (await request.get("/api/auth/csrf", { headers })).json()) as { csrfToken: string };
  const answer = await request.post("/api/auth/callback/credentials", {
    headers,
    form: { email, password, csrfToken, json: "true", callbackUrl: "/home" },
  });
  return answer.status();
}

test("sixty members of one organization sign in from one address; the eleventh wrong password for one email is refused", async ({ playwright }) => {
  test.setTimeout(240_000);
  const account = newAccount("Office");
  const slug = account.organization.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const { id: organizationId } = await adminCli<{ id: string }>("org", "create", "--name", account.organization, "--slug", slug);
  const db = createPrismaClient(embeddedDatabaseUrl());
  const emails = Array.from({ length: 60 }, (_, i) => `agent-${i}-${slug}@example.test`);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    for (const email of emails) {
      const user = await db.user.create({ data: { email, name: email.split("@")[0]!, passwordHash, emailVerifiedAt: new Date() } });
      await db.membership.create({ data: { organizationId, userId: user.id, role: "member" } });
    }
  } finally {
    await db.$disconnect();
  }

  const statuses: number[] = [];
  for (const email of emails) {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    statuses.push(await signIn(request, email, PASSWORD));
    await request.dispose();
  }
  expect(statuses).toEqual(emails.map(() => 200));

  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const wrong: number[] = [];
  for (let i = 0; i < 11; i += 1) wrong.push(await signIn(request, emails[0]!, `not the passphrase ${i}`));
  expect(wrong.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
  expect(wrong[10]).toBe(429);
  // The right password for that account waits too (its failures are used up); a colleague from the same address does not.
  expect(await signIn(request, emails[0]!, PASSWORD)).toBe(429);
  expect(await signIn(request, emails[1]!, PASSWORD)).toBe(200);
  await request.dispose();
});
