import { z } from "zod";
import type { Db, DbTx } from "../db/client";
import type { Organization } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import { explainDatabaseError } from "../errors/database-error";
import { createDefaultStages } from "../pipeline/default-stages";
import { DEFAULT_PLAN, planLimitSchema, rateLimitCeilingSchema } from "./plan";
import { runInTransaction } from "../db/run-in-transaction";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG_MAX = 63;
// Leaves room for a "-NN" suffix when a derived slug is already taken.
const DERIVED_SLUG_BASE_MAX = 56;

/**
 * Slugs are URL- and shell-friendly handles for an organization. A slug shaped
 * like a UUID is refused: organizations are looked up by "id or slug", and such
 * a slug would be ambiguous.
 */
export const slugSchema = z
  .string()
  .max(SLUG_MAX, `at most ${SLUG_MAX} characters`)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, "validation.slugFormat")
  .refine((slug) => !UUID.test(slug), "validation.slugNotUuid");

/** An IANA time zone name, stored in its canonical spelling (e.g. `america/bogota` → `America/Bogota`). */
export const timezoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((value, ctx) => {
    const canonical = canonicalTimeZone(value);
    if (canonical === null) {
      ctx.addIssue({ code: "custom", message: "validation.timeZone", params: { value } });
      return z.NEVER;
    }
    return canonical;
  });

function canonicalTimeZone(value: string): string | null {
  // Offsets such as "+05:00" are not zone names: they carry no DST rules.
  if (/^[+-]/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const createOrganizationInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** Omitted: derived from the name and made unique with -2, -3, … */
  slug: slugSchema.optional(),
  /** Omitted: not configured (null); calendar features then use their documented default. */
  timezone: timezoneSchema.nullable().default(null),
  locale: z.enum(["en", "es"]).default("en"),
  /** Omitted: the default plan; null: unlimited. */
  maxLeads: planLimitSchema.default(DEFAULT_PLAN.maxLeads),
  maxProjects: planLimitSchema.default(DEFAULT_PLAN.maxProjects),
  maxWebhookEndpoints: planLimitSchema.default(DEFAULT_PLAN.maxWebhookEndpoints),
  rateLimitExempt: z.boolean().default(false),
  rateLimitPerSecond: rateLimitCeilingSchema.default(null),
  rateLimitPerMinute: rateLimitCeilingSchema.default(null),
  rateLimitPerMonth: rateLimitCeilingSchema.default(null),
});

export type CreateOrganizationInput = z.input<typeof createOrganizationInputSchema>;

/** A slug derived from a display name: "Inmobiliaria Peña & Co." → "inmobiliaria-pena-co". */
export function slugFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, DERIVED_SLUG_BASE_MAX)
    .replace(/^-+|-+$/g, "");
  return base === "" || UUID.test(base) ? "org" : base;
}

async function firstFreeSlug(tx: DbTx, base: string): Promise<string> {
  const rows = await tx.organization.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function slugTaken(slug: string | undefined): ApiError {
  return ApiError.text(
    "CONFLICT",
    slug ? `An organization with the slug "${slug}" already exists.` : "An organization with this slug already exists.",
  );
}

/**
 * Creates an organization with its plan limits inside the caller's
 * transaction, for units of work larger than the organization (sign-up).
 * Slug assignment is serialised by a transaction-scoped advisory lock, so two
 * concurrent sign-ups named alike get `acme` and `acme-2` rather than a
 * unique-violation; sign-ups are rare enough for the wait not to matter.
 */
export async function createOrganizationInTransaction(tx: DbTx, input: CreateOrganizationInput): Promise<Organization> {
  const valid = createOrganizationInputSchema.parse(input);
  // Two-key form: (the migration lock's namespace, 1 = organization slugs); it cannot collide with one-key locks.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(72707369, 1)`;
  let slug = valid.slug;
  if (slug !== undefined) {
    if (await tx.organization.findUnique({ where: { slug }, select: { id: true } })) throw slugTaken(slug);
  } else {
    slug = await firstFreeSlug(tx, slugFromName(valid.name));
  }
  let organization: Organization;
  try {
    organization = await tx.organization.create({ data: { ...valid, slug } });
  } catch (error) {
    throw explainDatabaseError(error, { uniqueViolation: () => slugTaken(slug) });
  }
  await createDefaultStages(tx, organization);
  return organization;
}

/**
 * Creates an organization and everything it starts with, in one transaction:
 * all of it or nothing.
 */
export function createOrganization(db: Db, input: CreateOrganizationInput): Promise<Organization> {
  return runInTransaction(db, (tx) => createOrganizationInTransaction(tx, input));
}
