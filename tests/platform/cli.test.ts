import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../../server/auth/passwords";
import { SCOPES } from "../../server/auth/scopes";
import { API_KEY_PATTERN, sha256Hex } from "../../server/auth/tokens";
import { createPrismaClient, type Db } from "../../server/db/client";
import { DEFAULT_PLAN } from "../../server/organizations/plan";
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from "../support/database";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
// Each CLI call starts a Node process (1–3 s on a busy 2-core machine) and some tests make ten of them.
// Backstops against a hang, not measures of speed: one CLI run loads the whole app (tens of seconds on a busy machine), and a test makes several.
vi.setConfig({ testTimeout: 300_000 });

/** A hung CLI is killed after this; it exited 143 at 30 s while two process-spawning files shared a machine at load 25. */
const CLI_BACKSTOP_MS = 120_000;

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(databaseUrl: string, args: string[]): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.INMO_CLI_VERBOSE;
  return new Promise((resolve) => {
    execFile(TSX, ["scripts/cli.ts", ...args], { cwd: ROOT, env, timeout: CLI_BACKSTOP_MS }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/** Success means: exit 0 and stdout is exactly one JSON object with exactly these keys. */
function expectResult(run: CliRun, keys: string[]): Record<string, unknown> {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout.endsWith("\n")).toBe(true);
  expect(run.stdout.trim().split("\n")).toHaveLength(1);
  const parsed: unknown = JSON.parse(run.stdout);
  expect(parsed).toBeTypeOf("object");
  expect(Array.isArray(parsed)).toBe(false);
  expect(Object.keys(parsed as object).sort()).toEqual([...keys].sort());
  return parsed as Record<string, unknown>;
}

function expectFailure(run: CliRun, stderrPattern: RegExp): void {
  expect(run.code).not.toBe(0);
  expect(run.code).not.toBeNull();
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(stderrPattern);
}

function str(value: unknown): string {
  expect(value).toBeTypeOf("string");
  return value as string;
}

let database: TestDatabase;
let db: Db;
const cli = (...args: string[]) => runCli(database.url, args);

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
});

describe("inmo CLI", () => {
  let acmeId = "";
  let anaId = "";

  it("org create stores the given settings and fills the rest from the default plan", async () => {
    const [custom, derived, explicit] = await Promise.all([
      cli("org", "create", "--name", "Acme Realty", "--timezone", "america/mexico_city", "--locale", "es",
        "--max-leads", "5", "--max-projects", "unlimited", "--rate-limit-exempt", "--rate-limit-per-month", "100"),
      cli("org", "create", "--name", "Inmobiliaria Peña"),
      cli("org", "create", "--name", "Acme East", "--slug", "acme-east"),
    ]);
    const acme = expectResult(custom, ["id", "name", "slug"]);
    expect(acme).toMatchObject({ name: "Acme Realty", slug: "acme-realty" });
    acmeId = str(acme.id);
    expect(await db.organization.findUniqueOrThrow({ where: { id: acmeId } })).toMatchObject({
      timezone: "America/Mexico_City",
      locale: "es",
      maxLeads: 5,
      maxProjects: null,
      maxWebhookEndpoints: DEFAULT_PLAN.maxWebhookEndpoints,
      rateLimitExempt: true,
      rateLimitPerSecond: null,
      rateLimitPerMinute: null,
      rateLimitPerMonth: 100,
    });

    const pena = expectResult(derived, ["id", "name", "slug"]);
    expect(pena.slug).toBe("inmobiliaria-pena");
    expect(await db.organization.findUniqueOrThrow({ where: { id: str(pena.id) } })).toMatchObject({
      timezone: null,
      locale: "en",
      ...DEFAULT_PLAN,
      rateLimitExempt: false,
    });
    expect(expectResult(explicit, ["id", "name", "slug"]).slug).toBe("acme-east");
  });

  it("org create derives a unique slug when the name's slug is taken", async () => {
    const second = expectResult(await cli("org", "create", "--name", "ACME realty!"), ["id", "name", "slug"]);
    expect(second.slug).toBe("acme-realty-2");
    const third = expectResult(await cli("org", "create", "--name", "Acme Realty"), ["id", "name", "slug"]);
    expect(third.slug).toBe("acme-realty-3");
  });

  it("user create hashes the password, lowercases the email and adds existing users to other organizations", async () => {
    const created = expectResult(
      await cli("user", "create", "--org", "acme-realty", "--email", " Ana@Example.COM ", "--name", "Ana",
        "--role", "owner", "--password", "correct horse battery"),
      ["userId", "membershipId"],
    );
    anaId = str(created.userId);
    const user = await db.user.findUniqueOrThrow({ where: { id: anaId } });
    expect(user.email).toBe("ana@example.com");
    expect(user.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword(user.passwordHash ?? "", "correct horse battery")).toBe(true);
    expect(await verifyPassword(user.passwordHash ?? "", "wrong horse battery")).toBe(false);
    expect(await db.membership.findUniqueOrThrow({ where: { id: str(created.membershipId) } })).toMatchObject({
      organizationId: acmeId,
      userId: anaId,
      role: "owner",
    });

    const east = await db.organization.findUniqueOrThrow({ where: { slug: "acme-east" } });
    const [again, duplicate] = await Promise.all([
      cli("user", "create", "--org", east.id, "--email", "ana@example.com", "--name", "Ana"),
      cli("user", "create", "--org", "acme-realty", "--email", "ANA@example.com", "--name", "Ana"),
    ]);
    const second = expectResult(again, ["userId", "membershipId"]);
    expect(second.userId).toBe(anaId);
    expect(await db.membership.findUniqueOrThrow({ where: { id: str(second.membershipId) } })).toMatchObject({
      organizationId: east.id,
      role: "member",
    });
    expectFailure(duplicate, /already a member/);
  });

  it("key create prints the raw key once and stores only its SHA-256", async () => {
    const [scoped, bare, everything] = await Promise.all([
      cli("key", "create", "--org", acmeId, "--name", "Zapier", "--scopes", "leads:write, leads:read",
        "--expires-at", "2031-05-01T12:00:00Z"),
      cli("key", "create", "--org", "acme-realty"),
      cli("key", "create", "--org", "acme-realty", "--scopes", "all"),
    ]);
    const out = expectResult(scoped, ["id", "key"]);
    const key = str(out.key);
    expect(key).toMatch(API_KEY_PATTERN);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: str(out.id) } });
    expect(row).toMatchObject({
      organizationId: acmeId,
      name: "Zapier",
      keyHash: sha256Hex(key),
      scopes: ["leads:read", "leads:write"],
      isActive: true,
    });
    expect(row.expiresAt?.toISOString()).toBe("2031-05-01T12:00:00.000Z");
    expect(row.displayPrefix.startsWith("svc_k_")).toBe(true);
    expect(row.displayPrefix).not.toContain(key.slice(6));
    expect(JSON.stringify(row)).not.toContain(key);

    const bareRow = await db.apiKey.findUniqueOrThrow({ where: { id: str(expectResult(bare, ["id", "key"]).id) } });
    expect(bareRow).toMatchObject({ name: "CLI key", scopes: [], expiresAt: null, organizationId: acmeId });
    const allRow = await db.apiKey.findUniqueOrThrow({ where: { id: str(expectResult(everything, ["id", "key"]).id) } });
    expect(allRow.scopes).toEqual([...SCOPES]);
  });

  it("key revoke turns the key off", async () => {
    const { id } = expectResult(await cli("key", "create", "--org", "acme-realty"), ["id", "key"]);
    const out = expectResult(await cli("key", "revoke", "--id", str(id)), ["id", "isActive"]);
    expect(out).toEqual({ id, isActive: false });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: str(id) } })).isActive).toBe(false);
  });

  it("leads recount recomputes the maintained lead counts of one organization or all", async () => {
    await db.lead.create({ data: { id: `lead_cli${randomUUID().slice(0, 8)}`, organizationId: acmeId, email: "cli@example.test" } });
    await db.$executeRaw`UPDATE "LeadCount" SET "count" = "count" + 3 WHERE "organizationId" = ${acmeId}::uuid AND "dimension" = 'all'`;
    expect(expectResult(await cli("leads", "recount", "--org", acmeId), ["organizations", "corrected"])).toEqual({
      organizations: 1,
      corrected: 1,
    });
    const stored = await db.leadCount.aggregate({ where: { organizationId: acmeId, dimension: "all" }, _sum: { count: true } });
    expect(stored._sum.count).toBe(await db.lead.count({ where: { organizationId: acmeId } }));
    expect(expectResult(await cli("leads", "recount"), ["organizations", "corrected"])).toMatchObject({ corrected: 0 });
    expectFailure(await cli("leads", "recount", "--org", "no-such-org"), /no organization/);
  });

  it("oauth-client create and oauth-token create store hashed, bound tokens", async () => {
    const [enabled, disabled] = await Promise.all([
      cli("oauth-client", "create", "--name", "Zap App", "--redirect-uri", "https://zap.example/cb"),
      cli("oauth-client", "create", "--name", "Old App", "--redirect-uri", "https://old.example/cb", "--disabled"),
    ]);
    const fields = ["clientId", "clientSecret", "isPublic", "redirectUris", "organizationId"];
    const created = expectResult(enabled, fields);
    const clientId = str(created.clientId);
    const disabledId = str(expectResult(disabled, fields).clientId);
    const client = await db.oAuthClient.findUniqueOrThrow({ where: { clientId } });
    expect(client).toMatchObject({ name: "Zap App", isActive: true, isPublic: false, redirectUris: ["https://zap.example/cb"] });
    // The secret is printed once and stored as its digest.
    expect(client.secretHash).toBe(sha256Hex(str(created.clientSecret)));
    const publicApp = expectResult(
      await cli("oauth-client", "create", "--name", "n8n", "--redirect-uri", "http://localhost:5678/rest/oauth2-credential/callback", "--public", "--org", "acme-realty"),
      ["clientId", "isPublic", "redirectUris", "organizationId"],
    );
    expect(publicApp).toMatchObject({ isPublic: true, organizationId: acmeId });
    expectFailure(await cli("oauth-client", "create", "--name", "Bad", "--redirect-uri", "http://evil.example/cb"), /https/);
    expectFailure(await cli("oauth-client", "create", "--name", "None"), /--redirect-uri/);
    expect(await db.oAuthClient.findUniqueOrThrow({ where: { clientId: disabledId } })).toMatchObject({ isActive: false });

    const outsider = expectResult(
      await cli("user", "create", "--org", "acme-east", "--email", "bob@example.com", "--name", "Bob"),
      ["userId", "membershipId"],
    );
    const before = Date.now();
    const [bound, unbound, notMember] = await Promise.all([
      cli("oauth-token", "create", "--org", "acme-realty", "--user", anaId, "--client", clientId, "--scopes", "leads:read"),
      cli("oauth-token", "create", "--unbound", "--user", "ana@example.com", "--client", disabledId, "--expires-in", "0"),
      cli("oauth-token", "create", "--org", "acme-realty", "--user", str(outsider.userId), "--client", clientId),
    ]);
    const token = str(expectResult(bound, ["token"]).token);
    expect(token.startsWith("svc_k_")).toBe(false);
    const row = await db.oAuthAccessToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(token) } });
    expect(row).toMatchObject({ clientId: client.id, userId: anaId, organizationId: acmeId, scopes: ["leads:read"], revokedAt: null });
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 5_000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(JSON.stringify(row)).not.toContain(token);

    const unboundToken = str(expectResult(unbound, ["token"]).token);
    const unboundRow = await db.oAuthAccessToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(unboundToken) } });
    expect(unboundRow).toMatchObject({ organizationId: null, userId: anaId, scopes: [] });
    expect(unboundRow.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());

    expectFailure(notMember, /not a member/);
  });

  it("rejects bad arguments and refused operations with a message on stderr and nothing on stdout", async () => {
    const runs = await Promise.all([
      cli("org", "create"),
      cli("org", "create", "--name", "X", "--colour", "red"),
      cli("key", "create", "--org", "acme-realty", "--scopes", "leads:read,leads:delete"),
      cli("org", "create", "--name", "X", "--timezone", "Mars/Olympus_Mons"),
      cli("org", "create", "--name", "X", "--slug", "acme-east"),
      cli("key", "create", "--org", "no-such-org"),
      cli("key", "revoke", "--id", randomUUID()),
      cli("frobnicate", "now"),
    ]);
    const [missing, unknownFlag, unknownScope, badZone, duplicateSlug, unknownOrg, unknownKey, unknownCommand] = runs;
    expectFailure(missing!, /--name/);
    expectFailure(unknownFlag!, /--colour/);
    expectFailure(unknownScope!, /leads:delete/);
    expectFailure(badZone!, /Mars\/Olympus_Mons/);
    expectFailure(duplicateSlug!, /acme-east/);
    expectFailure(unknownOrg!, /no-such-org/);
    expectFailure(unknownKey!, /no API key/);
    expectFailure(unknownCommand!, /unknown command/);
    expect(await db.organization.count({ where: { name: "X" } })).toBe(0);
  });
});

describe("inmo CLI on a fresh machine", () => {
  it("applies the migrations before running the command", async () => {
    const empty = await createEmptyDatabase();
    const out = expectResult(await runCli(empty.url, ["org", "create", "--name", "First"]), ["id", "name", "slug"]);
    expect(out.slug).toBe("first");
    const fresh = createPrismaClient(empty.url);
    try {
      expect(await fresh.organization.count()).toBe(1);
    } finally {
      await fresh.$disconnect();
    }
  });
});
