import { afterEach, describe, expect, it } from "vitest";
import { SIGN_IN_BUDGETS, SIGN_UP_BUDGETS } from "../../server/auth/abuse-throttle";
import { hashingPeak, resetHashingPeak } from "../../server/auth/hashing-queue";
import { hashPassword } from "../../server/auth/passwords";
import { guardSignIn } from "../../server/auth/sign-in-guard";
import { sessionCaller, rejection } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { callTrpc, sessionCookie } from "./support/dashboard-session";
import { clearTestConfiguration, configureForTests } from "../../server/config/config";

/**
 * Finding 1: sign-in and sign-up are throttled per address and per email and
 * cannot be batched; hashing runs under a bounded concurrency; a person owns
 * at most MAX_ORGANIZATIONS_PER_USER organizations.
 */
const t = useApiTest();

let addressCounter = 0;
/** A fresh client address per test, so budgets spent by one test do not leak into another. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

function signUpInput(email: string) {
  return { name: "Ana", email, password: "correct horse battery", organizationName: "Acme" };
}

afterEach(() => {
  clearTestConfiguration("PASSWORD_HASH_CONCURRENCY", "PASSWORD_HASH_QUEUE", "MAX_ORGANIZATIONS_PER_USER");
});

describe("batching on /api/trpc", () => {
  it("account.signUp ×500 in one batch is refused before any work: no user, no organization", async () => {
    const organizationsBefore = await t.db.organization.count();
    const paths = Array.from({ length: 500 }, () => "account.signUp").join(",");
    const input = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [i, signUpInput(`batch-${i}@example.test`)]));
    const response = await fetch(`${t.server.baseUrl}/api/trpc/${paths}?batch=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshAddress() },
      body: JSON.stringify(input),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("BAD_REQUEST");
    expect(await t.db.user.count({ where: { email: { startsWith: "batch-" } } })).toBe(0);
    expect(await t.db.organization.count()).toBe(organizationsBefore);
  });

  it("account.* never travels in a batch, even with one other call; other batches are capped at 10", async () => {
    const cookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    const get = (paths: string[]) =>
      fetch(`${t.server.baseUrl}/api/trpc/${paths.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`, { headers: { cookie } });

    const mixed = await get(["account.organizations", "catalog.pipelineStages"]);
    expect(mixed.status).toBe(400);
    expect(((await mixed.json()) as { error: { message: string } }).error.message).toMatch(/cannot be batched/);

    const eleven = await get(Array.from({ length: 11 }, () => "catalog.pipelineStages"));
    expect(eleven.status).toBe(400);
    expect(((await eleven.json()) as { error: { message: string } }).error.message).toMatch(/at most 10/);

    const ten = await get(Array.from({ length: 10 }, () => "catalog.pipelineStages"));
    expect(ten.status).toBe(200);
    expect(((await ten.json()) as unknown[]).length).toBe(10);

    const alone = await callTrpc(t.server, "account.organizations", { cookie });
    expect(alone.status).toBe(200);
  });
});

describe("sign-up throttling", () => {
  it(`per email: the ${SIGN_UP_BUDGETS.perEmail.points + 1}th attempt in an hour is 429 with Retry-After, from any address`, async () => {
    const email = "throttled@example.test";
    for (let attempt = 1; attempt <= SIGN_UP_BUDGETS.perEmail.points; attempt += 1) {
      const response = await callTrpc(t.server, "account.signUp", {
        mutation: true,
        input: signUpInput(email),
        headers: { "x-forwarded-for": freshAddress() },
      });
      // The first creates the account; the others answer the same (L4), writing nothing.
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    const refused = await callTrpc(t.server, "account.signUp", {
      mutation: true,
      input: signUpInput(email),
      headers: { "x-forwarded-for": freshAddress() },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The dashboard door answers in tRPC's shape, carrying the contract's error in `data.api`.
    const body = (await refused.json()) as { error: { message: string; data: { api: { code: string } } } };
    expect(body.error.data.api.code).toBe("BAD_REQUEST");
    expect(body.error.message).toMatch(/Too many attempts\. Try again in \d+ s\./);
  });

  it(`per address: the ${SIGN_UP_BUDGETS.perAddress.points + 1}th sign-up from one address in an hour is 429`, async () => {
    const address = freshAddress();
    const emails = await Promise.all(
      Array.from({ length: SIGN_UP_BUDGETS.perAddress.points + 1 }, (_, i) => seedMember(t.db, t.org.id, { email: `taken-${i}@example.test` })),
    );
    const statuses: number[] = [];
    for (const { email } of emails) {
      const response = await callTrpc(t.server, "account.signUp", { mutation: true, input: signUpInput(email), headers: { "x-forwarded-for": address } });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true); // taken addresses answer as new ones (L4)
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("sign-in throttling (the guard in front of next-auth's credentials callback)", () => {
  // Stands in for next-auth's own handler, which needs Next's request scope; the e2e spec drives the real one.
  const nextAuthAnswers = (status: number) => async () => new Response(JSON.stringify({ url: "http://app/login" }), { status });
  const attempt = (handler: ReturnType<typeof guardSignIn>, email: string, address: string) =>
    handler(
      new Request("http://app/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
        body: new URLSearchParams({ email, password: "wrong", json: "true" }).toString(),
      }),
      {},
    );

  it(`the ${SIGN_IN_BUDGETS.perEmail.points + 1}th failed attempt for one email answers 429, Retry-After and error=TooManyAttempts`, async () => {
    const guarded = guardSignIn(nextAuthAnswers(401));
    for (let i = 0; i < SIGN_IN_BUDGETS.perEmail.points; i += 1) {
      expect((await attempt(guarded, "victim@example.test", freshAddress())).status).toBe(401);
    }
    const refused = await attempt(guarded, "VICTIM@example.test", freshAddress());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { url: string; error: { code: string } };
    expect(new URL(body.url).searchParams.get("error")).toBe("TooManyAttempts");
    expect(body.error.code).toBe("BAD_REQUEST");
  });

  it("a successful sign-in clears its email's failures; an address is limited across emails", async () => {
    const failing = guardSignIn(nextAuthAnswers(401));
    const succeeding = guardSignIn(nextAuthAnswers(200));
    for (let i = 0; i < SIGN_IN_BUDGETS.perEmail.points - 1; i += 1) await attempt(failing, "forgetful@example.test", freshAddress());
    expect((await attempt(succeeding, "forgetful@example.test", freshAddress())).status).toBe(200);
    for (let i = 0; i < SIGN_IN_BUDGETS.perEmail.points; i += 1) {
      expect((await attempt(failing, "forgetful@example.test", freshAddress())).status).toBe(401);
    }

    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_BUDGETS.perAddress.points; i += 1) statuses.push((await attempt(failing, `spray-${i}@example.test`, address)).status);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("successes are not counted (item 8): 60 people sign in from one address, and that address still has all its failures left", async () => {
    const succeeding = guardSignIn(nextAuthAnswers(200));
    const failing = guardSignIn(nextAuthAnswers(401));
    const office = freshAddress();
    for (let i = 0; i < 60; i += 1) expect((await attempt(succeeding, `agent-${i}@office.test`, office)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_BUDGETS.perAddress.points; i += 1) {
      expect((await attempt(failing, `typo-${i}@office.test`, office)).status).toBe(401);
    }
    expect((await attempt(succeeding, "late-agent@office.test", office)).status).toBe(429);
  });

  it("a sign-in body over 16 KB is refused without reading it all", async () => {
    const guarded = guardSignIn(nextAuthAnswers(401));
    const response = await guarded(
      new Request("http://app/api/auth/callback/credentials", { method: "POST", body: "email=" + "a".repeat(20_000) }),
      {},
    );
    expect(response.status).toBe(400);
  });
});

describe("password hashing runs under a bounded concurrency", () => {
  it("40 hashes at once never run more than PASSWORD_HASH_CONCURRENCY together, and all finish", async () => {
    configureForTests({ PASSWORD_HASH_CONCURRENCY: 2, PASSWORD_HASH_QUEUE: 100 });
    resetHashingPeak();
    const hashes = await Promise.all(Array.from({ length: 40 }, (_, i) => hashPassword(`password-${i}`)));
    expect(new Set(hashes).size).toBe(40);
    expect(hashingPeak().peak).toBeLessThanOrEqual(2);
    expect(hashingPeak()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("beyond the queue, a hash is refused with 429 and Retry-After instead of piling up", async () => {
    configureForTests({ PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_HASH_QUEUE: 3 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => hashPassword(`burst-${i}`)));
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4); // 1 running + 3 waiting
    expect(refused).toHaveLength(6);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: "RATE_LIMITED", headers: { "Retry-After": "1" } });
  });
});

describe("organizations per person", () => {
  it("a person owns at most MAX_ORGANIZATIONS_PER_USER (default 5) organizations", async () => {
    const caller = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    for (let i = 2; i <= 5; i += 1) await caller.account.createOrganization({ name: `Org ${i}` });
    const refused = await rejection(caller.account.createOrganization({ name: "Org 6" }));
    expect(refused).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(refused.message).toMatch(/5 organizations/);
    expect(await t.db.membership.count({ where: { userId: t.org.ownerId, role: "owner" } })).toBe(5);
  });

  it("concurrent creations cannot pass the cap", async () => {
    configureForTests({ MAX_ORGANIZATIONS_PER_USER: 3 });
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const caller = await sessionCaller(t.db, member.userId, t.org.id);
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => caller.account.createOrganization({ name: `Race ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await t.db.membership.count({ where: { userId: member.userId, role: "owner" } })).toBe(3);
  });
});
