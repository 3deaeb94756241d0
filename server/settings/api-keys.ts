import { createApiKey } from "../auth/create-api-key";
import { revokeApiKey } from "../auth/revoke-api-key";
import type { Scope } from "../auth/scopes";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";

/** Settings → API keys: the organization's keys, created and revoked by owners and admins. */

export interface ApiKeyView {
  id: string;
  name: string;
  displayPrefix: string;
  scopes: string[];
  createdBy: { name: string; email: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  isActive: boolean;
  state: "active" | "expired" | "revoked";
}

const apiKeySelect = {
  id: true,
  name: true,
  displayPrefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  isActive: true,
  createdBy: { select: { name: true, email: true } },
} as const;

type ApiKeyRow = {
  id: string;
  name: string;
  displayPrefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  isActive: boolean;
  createdBy: { name: string; email: string } | null;
};

function toView(row: ApiKeyRow, now = Date.now()): ApiKeyView {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now;
  return {
    id: row.id,
    name: row.name,
    displayPrefix: row.displayPrefix,
    scopes: row.scopes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    state: !row.isActive ? "revoked" : expired ? "expired" : "active",
  };
}

/** Newest first; revoked keys stay listed (greyed out) for the audit trail. */
export async function listApiKeys({ db, principal }: DomainContext): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({
    where: { organizationId: principal.organizationId },
    select: apiKeySelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((row) => toView(row));
}

/** Creates a key for the principal's organization; the raw key is in the result only. */
export async function createDashboardApiKey(
  { db, principal }: DomainContext,
  input: { name: string; scopes: Scope[]; expiresAt: string | null },
): Promise<{ key: string; apiKey: ApiKeyView }> {
  const { key, apiKey } = await createApiKey(db, {
    organizationId: principal.organizationId,
    name: input.name,
    scopes: input.scopes,
    expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
    createdById: principal.userId,
  });
  const row = await db.apiKey.findFirstOrThrow({ where: { id: apiKey.id }, select: apiKeySelect });
  return { key, apiKey: toView(row) };
}

/** Turns a key off at once; another organization's key is not found. */
export async function revokeDashboardApiKey({ db, principal }: DomainContext, id: string): Promise<{ id: string }> {
  const revoked = await revokeApiKey(db, { id, organizationId: principal.organizationId });
  if (!revoked) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "API key" });
  return { id };
}
