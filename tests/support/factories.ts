import { randomBytes } from "node:crypto";
import { createPrismaClient, type Db } from "../../server/db/client";
import { createApiKey } from "../../server/auth/create-api-key";
import { createOAuthClient, issueOAuthAccessToken } from "../../server/auth/oauth-clients";
import { SCOPES, type Scope } from "../../server/auth/scopes";
import { createOrganization, type CreateOrganizationInput } from "../../server/organizations/create-organization";
import { newId } from "../../server/ids";
import { systemPrincipal } from "../../server/auth/system-principal";
import type { MemberRole } from "../../server/auth/roles";
import { createLead } from "../../server/leads/create-lead";
import { createLeadInput } from "../../server/api/routers/leads/create-lead.types";

/**
 * Shared factories for tests and benchmarks: they go through the same domain
 * functions as the CLI and the dashboard, so seeded data is real data.
 */
/**
 * The client tests and benchmarks seed with. Its transactions get a minute
 * (Prisma's default is 5 s): seeding thousands of rows in one transaction on a
 * machine busy with other work must not fail the test it prepares. The app's
 * own transactions keep Prisma's limits.
 */
export function connect(databaseUrl: string): Db {
  return createPrismaClient(databaseUrl, { transactionOptions: { maxWait: 30_000, timeout: 60_000 } });
}

const unique = () => randomBytes(4).toString("hex");

export interface SeededOrganization {
  id: string;
  name: string;
  slug: string | null;
  ownerId: string;
  /** An API key with every scope. */
  key: string;
}

export async function seedOrganization(
  db: Db,
  overrides: Partial<CreateOrganizationInput> = {},
): Promise<SeededOrganization> {
  const organization = await createOrganization(db, { name: `Org ${unique()}`, ...overrides });
  const owner = await seedMember(db, organization.id, { role: "owner" });
  const { key } = await seedApiKey(db, organization.id, { scopes: [...SCOPES] });
  return { id: organization.id, name: organization.name, slug: organization.slug, ownerId: owner.userId, key };
}

export async function seedMember(
  db: Db,
  organizationId: string,
  options: { role?: MemberRole; name?: string; email?: string } = {},
) {
  const tag = unique();
  const user = await db.user.create({
    data: { email: options.email ?? `member-${tag}@example.test`, name: options.name ?? `Member ${tag}` },
  });
  const membership = await db.membership.create({
    data: { organizationId, userId: user.id, role: options.role ?? "member" },
  });
  return { userId: user.id, membershipId: membership.id, email: user.email, name: user.name };
}

export async function seedApiKey(
  db: Db,
  organizationId: string,
  options: { scopes?: Scope[]; expiresAt?: Date | null; name?: string } = {},
) {
  return createApiKey(db, {
    organizationId,
    name: options.name ?? "test key",
    scopes: options.scopes ?? [...SCOPES],
    expiresAt: options.expiresAt ?? null,
  });
}

export async function seedOAuthToken(
  db: Db,
  options: {
    organizationId: string | null;
    userId: string;
    scopes?: Scope[];
    expiresAt?: Date;
    clientActive?: boolean;
  },
) {
  const client = await createOAuthClient(db, { name: `App ${unique()}`, isActive: options.clientActive ?? true });
  const issued = await issueOAuthAccessToken(db, {
    oauthClientId: client.id,
    userId: options.userId,
    organizationId: options.organizationId,
    scopes: options.scopes ?? [...SCOPES],
    expiresAt: options.expiresAt ?? new Date(Date.now() + 3600_000),
  });
  return { token: issued.token, client, accessToken: issued.accessToken };
}

/**
 * A project row (and optional units) written straight to the database: seeded
 * catalog data for other areas' tests, without the events an API write records.
 */
export async function seedProject(
  db: Db,
  organizationId: string,
  overrides: {
    name?: string;
    type?: string | null;
    city?: string | null;
    promotora?: string | null;
    status?: "draft" | "published" | "archived";
    units?: { name?: string; price?: number; status?: "available" | "reserved" | "sold" }[];
  } = {},
) {
  const { units = [], ...fields } = overrides;
  const project = await db.project.create({
    data: { id: newId("project"), organizationId, name: `Project ${unique()}`, ...fields },
  });
  const seededUnits = [];
  for (const [index, unit] of units.entries()) {
    seededUnits.push(await seedUnit(db, organizationId, project.id, { name: unit.name ?? `Unit ${index + 1}`, ...unit }));
  }
  return { ...project, units: seededUnits };
}

export async function seedUnit(
  db: Db,
  organizationId: string,
  projectId: string,
  overrides: { name?: string; price?: number; status?: "available" | "reserved" | "sold"; type?: string; area?: number } = {},
) {
  const { price = 100_000, ...fields } = overrides;
  return db.unit.create({
    data: { id: newId("unit"), organizationId, projectId, name: `Unit ${unique()}`, ...fields, price: BigInt(price) },
  });
}

/**
 * A lead created through the domain (validation, default stage, timeline,
 * events) by the service itself: its timeline entries show the `System`
 * actor and its events carry origin `system`. Defaults to a unique email.
 */
export async function seedLead(db: Db, organizationId: string, fields: Record<string, unknown> = {}) {
  const principal = await systemPrincipal(db, organizationId);
  return createLead({ db, principal }, createLeadInput.parse({ email: `lead-${unique()}@example.test`, ...fields }));
}
