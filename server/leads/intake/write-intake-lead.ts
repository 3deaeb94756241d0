import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { runAtomically } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { canonicalPhone } from "../../phones/phone-number";
import { changeLead } from "../change-lead";
import { createLead, type CreateLeadRequest } from "../create-lead";
import { resolveSource } from "../lead-source";
import { visibleLeadsSql } from "../lead-visibility";

export const ON_DUPLICATE = ["create", "skip", "update"] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];
export const MATCH_ON = ["email", "phone", "externalId"] as const;
export type MatchOn = (typeof MATCH_ON)[number];

export interface IntakeOptions {
  onDuplicate: OnDuplicate;
  matchOn: readonly MatchOn[];
  /**
   * Runs in the item's transaction before a lead is created or updated (the
   * batch endpoint charges the monthly quota there); throwing refuses the item.
   */
  beforeWrite?: (tx: DbTx) => Promise<void>;
  /** Runs in the item's transaction just before an existing lead is updated (an import keeps what it was, for undo). */
  beforeUpdate?: (tx: DbTx, leadId: string) => Promise<void>;
}

export type IntakeOutcome = { status: "created" | "updated" | "skipped"; id: string };

/**
 * Writes one incoming lead (a batch item, an imported row, an ad-form lead)
 * under the caller's duplicate choice, in a transaction of its own: the lead
 * the caller sees that matches on `matchOn` (the e-mail as the duplicate
 * check compares it, the phone in E.164, or the `externalId` of the same
 * source) is skipped or updated (through `changeLead`); otherwise, and for
 * `create`, a new lead is created through `createLead`, so it is routed,
 * counted, announced and put through the organization's duplicate policy like
 * any other. A lead already holding the item's `externalId` is never created
 * twice: with `create` it is skipped, so a retried delivery is a no-op.
 * Refusals (validation, references, the plan limit) throw, and nothing of
 * the item is written.
 */
export async function writeIntakeLead(ctx: DomainContext, body: CreateLeadRequest, options: IntakeOptions): Promise<IntakeOutcome> {
  return runAtomically(ctx.db, async (tx) => {
    const byExternalId = await matchByExternalId(tx, ctx.principal, body);
    const matched =
      byExternalId ?? (options.onDuplicate === "create" ? null : await matchByContact(tx, ctx.principal, body, options.matchOn));
    if (matched !== null && (options.onDuplicate !== "update")) return { status: "skipped", id: matched };
    await options.beforeWrite?.(tx);
    if (matched !== null) {
      const { roundRobinId: _routingOnly, instantReply: _arrivalOnly, ...change } = body;
      await options.beforeUpdate?.(tx, matched);
      return { status: "updated", id: (await changeLead(tx, ctx.principal, matched, change)).id };
    }
    return { status: "created", id: (await createLead({ ...ctx }, body)).id };
  });
}

async function matchByExternalId(tx: DbTx, principal: Principal, body: CreateLeadRequest): Promise<string | null> {
  if (body.externalId == null) return null;
  const { source } = resolveSource(body.source ?? "other");
  const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT l."id" FROM "Lead" l
    WHERE ${visibleLeadsSql(principal)} AND l."source" = ${source}::"LeadSource" AND l."externalId" = ${body.externalId}
    LIMIT 1`);
  return rows[0]?.id ?? null;
}

/** The oldest visible lead with the item's e-mail (compared as the duplicate check does) or phone (in E.164). */
async function matchByContact(tx: DbTx, principal: Principal, body: CreateLeadRequest, matchOn: readonly MatchOn[]): Promise<string | null> {
  const email = matchOn.includes("email") && body.email ? body.email : null;
  let phone: string | null = null;
  if (matchOn.includes("phone") && body.phone) {
    const organization = await tx.organization.findUnique({ where: { id: principal.organizationId }, select: { defaultCountry: true } });
    phone = canonicalPhone(body.phone, organization?.defaultCountry ?? null);
  }
  if (email === null && phone === null) return null;
  const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT l."id" FROM "Lead" l
    WHERE ${visibleLeadsSql(principal)}
      AND (l."emailKey" = "inmo_email_key"(${email}::text) OR l."phoneE164" = ${phone})
    ORDER BY l."createdAt", l."id"
    LIMIT 1`);
  return rows[0]?.id ?? null;
}
