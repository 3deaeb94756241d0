import { beforeAll, describe, expect, it } from "vitest";
import { declaredProcedures } from "../../server/api/access-matrix";
import { appRouter } from "../../server/api/root";
import { MEMBER_ROLES, type MemberRole } from "../../server/auth/roles";
import { SCOPES } from "../../server/auth/scopes";
import { publishedRoutes } from "../../server/http/route-table";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOAuthToken } from "../support/factories";
import { callTrpc, sessionCookie } from "./support/dashboard-session";
import { readRolesDocument, type DocumentedAccess } from "./support/roles-document";

/**
 * Roles are tested from the route table, like tenancy: every procedure of the
 * router is called through the dashboard door as an owner, an admin and a
 * member (session cookie), and every published route through the REST door
 * with an OAuth token of each role and with API keys (every scope, and none).
 * Each answer must be what docs/roles.md says: refused = 403 FORBIDDEN,
 * allowed = past authorization. The document, not the declarations, is the
 * expectation (role-matrix.test.ts keeps it equal to them), so a declaration
 * removed or widened in the code makes this walk fail.
 *
 * Every call carries a control character as its input (U+0001), which every
 * procedure refuses with 400 VALIDATION_ERROR right after authorization and
 * before reading its input or touching data: an allowed call answers 400
 * (200 for the few routes without input, all reads), and the walk changes nothing.
 * The OAuth tokens carry every scope, as a connection made before scopes
 * were capped by role would: the bearer resolution must cut them.
 */
const t = useApiTest();
const PROBE = "\u0001";
const document = readRolesDocument();
const cookies = {} as Record<MemberRole, string>;
const tokens = {} as Record<MemberRole, string>;
let noScopeKey: string;

beforeAll(async () => {
  const people: Record<MemberRole, string> = {
    owner: t.org.ownerId,
    admin: (await seedMember(t.db, t.org.id, { role: "admin" })).userId,
    member: (await seedMember(t.db, t.org.id, { role: "member" })).userId,
  };
  for (const role of MEMBER_ROLES) {
    cookies[role] = await sessionCookie({ userId: people[role], organizationId: t.org.id });
    const seeded = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: people[role], scopes: [...SCOPES] });
    // Every scope on the rows, as a connection made before scopes were capped by role would carry.
    await t.db.oAuthAccessToken.update({ where: { id: seeded.accessToken.id }, data: { scopes: [...SCOPES] } });
    tokens[role] = seeded.token;
  }
  noScopeKey = (await seedApiKey(t.db, t.org.id, { scopes: [], name: "no scopes" })).key;
});

interface Outcome {
  status: number;
  code: string;
}

async function outcomeOf(response: Response): Promise<Outcome> {
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; data?: { api?: { code?: string } } } };
  return { status: response.status, code: body.error?.data?.api?.code ?? body.error?.code ?? "" };
}

/** "" when the outcome is what the document expects, else what went wrong. */
function mismatch(who: string, allowed: boolean, outcome: Outcome): string {
  if (allowed) {
    return outcome.status === 403 || outcome.status === 401 || outcome.status >= 500 ? `${who}: expected to pass, got ${outcome.status} ${outcome.code}` : "";
  }
  return outcome.status === 403 && outcome.code === "FORBIDDEN" ? "" : `${who}: expected 403 FORBIDDEN, got ${outcome.status} ${outcome.code}`;
}

function documented(path: string): DocumentedAccess {
  const row = document.procedures[path];
  if (!row) throw new Error(`docs/roles.md has no row for ${path}: run npm run docs:roles`);
  return row;
}

describe("roles through the dashboard door (tRPC, session cookie)", () => {
  const procedures = declaredProcedures(appRouter);

  it("walks every procedure of the router", () => {
    expect(procedures.length).toBeGreaterThan(100);
    expect(procedures.filter((p) => documented(p.path).people.member === false).length).toBeGreaterThan(30);
  });

  it.each(procedures.map((p) => [p.path, p] as const))("%s", async (path, procedure) => {
    const expected = documented(path);
    const failures: string[] = [];
    for (const role of MEMBER_ROLES) {
      const response = await callTrpc(t.server, path, { cookie: cookies[role], input: PROBE, mutation: procedure.type === "mutation" });
      failures.push(mismatch(`${role} session`, expected.people[role], await outcomeOf(response)));
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });
});

describe("roles through the REST door (OAuth tokens of each role, API keys)", () => {
  const routes = publishedRoutes(appRouter);

  it("walks every published route, and the document lists each with its REST path", () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) expect(documented(route.procedurePath).rest).toBe(`${route.method} ${route.path}`);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))("%s", async (_label, route) => {
    const expected = documented(route.procedurePath);
    const url = route.path.replace(/\{\w+\}/g, "walk") + (["GET", "DELETE"].includes(route.method) ? `?walk=${encodeURIComponent(PROBE)}` : "");
    const call = (token: string) =>
      t.server.api(url, { method: route.method, token, ...(["POST", "PUT", "PATCH"].includes(route.method) ? { json: { walk: PROBE } } : {}) });
    const failures: string[] = [];
    for (const role of MEMBER_ROLES) failures.push(mismatch(`${role} OAuth token`, expected.people[role], await outcomeOf(await call(tokens[role]))));
    failures.push(mismatch("API key with every scope", expected.apiKey !== "never", await outcomeOf(await call(t.org.key))));
    failures.push(mismatch("API key without scopes", expected.apiKey === "anonymous" || expected.scope === "none", await outcomeOf(await call(noScopeKey))));
    expect(failures.filter(Boolean)).toEqual([]);
  });
});
