import { beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { sessionCookie, TEST_SESSION_SECRET } from "./support/dashboard-session";

/**
 * Second audit, L2: the cookie-authenticated tRPC door takes POSTs only as
 * the dashboard sends them: JSON, from its own origin. A form or a script of
 * another (even same-site) origin riding the cookie runs nothing, not even an
 * input-less mutation such as "sign out everywhere".
 */
const t = useApiTest();
let userId: string;
let cookie: string;

beforeAll(async () => {
  configureForTests({ NEXTAUTH_SECRET: TEST_SESSION_SECRET });
  userId = (await seedMember(t.db, t.org.id)).userId;
  cookie = await sessionCookie({ userId, organizationId: t.org.id });
});

const generation = async () => (await t.db.user.findUniqueOrThrow({ where: { id: userId } })).sessionGeneration;

function signOutEverywhere(headers: Record<string, string>, body: BodyInit | null = null) {
  return fetch(`${t.server.baseUrl}/api/trpc/account.signOutEverywhere`, { method: "POST", headers: { cookie, ...headers }, body });
}

describe("POSTs through the dashboard door (L2)", () => {
  it("refuses bodies that are not JSON (a form's encodings), running nothing", async () => {
    const form = new FormData();
    form.set("x", "1");
    const multipart = await fetch(`${t.server.baseUrl}/api/trpc/account.signOutEverywhere`, { method: "POST", headers: { cookie }, body: form });
    expect(multipart.status).toBe(400);
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "application/jsonx"]) {
      const answer = await signOutEverywhere({ "content-type": type }, "{}");
      expect(answer.status, type).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/JSON/);
    }
    expect((await signOutEverywhere({})).status).toBe(400);
    expect(await generation()).toBe(0);
  });

  it("refuses JSON from another origin, by Origin or by Sec-Fetch-Site (same-site included)", async () => {
    const json = { "content-type": "application/json" };
    for (const headers of <Record<string, string>[]>[
      { origin: "https://evil.example" },
      { origin: "http://127.0.0.1:1" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: t.server.baseUrl, "sec-fetch-site": "same-site" },
    ]) {
      const answer = await signOutEverywhere({ ...json, ...headers }, "{}");
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await generation()).toBe(0);
  });

  it("runs the dashboard's own request: JSON, same origin", async () => {
    const answer = await signOutEverywhere({ "content-type": "application/json", origin: t.server.baseUrl, "sec-fetch-site": "same-origin" }, "{}");
    expect(answer.status).toBe(200);
    expect(await generation()).toBe(1);
  });

  it("queries (GET) are not affected", async () => {
    const fresh = await sessionCookie({ userId, organizationId: t.org.id, sessionGeneration: 1 });
    const answer = await fetch(`${t.server.baseUrl}/api/trpc/account.organizations`, { headers: { cookie: fresh, "sec-fetch-site": "cross-site" } });
    expect(answer.status).toBe(200);
  });
});
