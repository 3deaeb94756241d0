import type { Principal } from "../../auth/principal";
import type { Db, DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { runAtomically } from "../../db/run-in-transaction";
import { ApiError, isApiError } from "../../errors/api-error";
import { canonicalPhone } from "../../phones/phone-number";
import { changeLead } from "../change-lead";
import type { CreateLeadRequest } from "../create-lead";
import { createLeads, type CheckedLead } from "../create-leads";
import { resolveSource } from "../lead-source";
import { visibleLeadsSql } from "../lead-visibility";
import { checkNewLead, newLeadValues, rememberingStates } from "../new-lead";
import type { IntakeOptions } from "./write-intake-lead";

/** One item of a chunk: written (`merged` when the organization's auto-merge folded the new lead into an existing one), or refused. */
export type ChunkOutcome = { status: "created" | "updated" | "skipped"; id: string; merged: boolean } | { status: "refused"; error: ApiError };

export type ChunkOptions = Omit<IntakeOptions, "beforeWrite" | "beforeUpdate"> & {
  /** Runs in the item's savepoint just before an existing lead is updated by item `item` (an import keeps what it was, for undo). */
  beforeUpdate?: (tx: DbTx, leadId: string, item: number) => Promise<void>;
};

/** A lead the chunk matched: an existing one, or the one an earlier item of the chunk creates. */
type Match = { id: string } | { item: number };

interface ItemKeys {
  emailKey: string | null;
  byExternalId: string | null;
  byContact: string | null;
}

/**
 * `writeIntakeLead` for a chunk of items (an import writes 500 at a time), in
 * the caller's transaction on `db`, with the same outcome as writing them one
 * by one in order: each item's matches (its `externalId` of the same source,
 * else under `skip`/`update` the oldest visible lead with its e-mail or
 * phone) are looked up for the whole chunk in one statement, and an item
 * matching a lead an earlier item of the chunk creates is matched to that
 * one. New leads go through the single create's checks (server/leads/
 * new-lead.ts) and are written together by `createLeads`; an update goes
 * through `changeLead` in a savepoint of its own (after the leads the chunk
 * has pending are written, so it may update one of them). A refused item
 * (validation, references, the plan limit, a failed update) is answered as
 * refused and leaves nothing. `options.beforeWrite` is not supported here
 * (quota charging stays per item, in `writeIntakeLead`).
 */
export async function writeIntakeChunk(
  db: Db,
  tx: DbTx,
  principal: Principal,
  items: readonly CreateLeadRequest[],
  options: ChunkOptions,
): Promise<ChunkOutcome[]> {
  const organizationId = principal.organizationId;
  const organization = await tx.organization.findUnique({ where: { id: organizationId }, select: { defaultCountry: true } });
  const phoneOf = (item: CreateLeadRequest) => (item.phone ? canonicalPhone(item.phone, organization?.defaultCountry ?? null) : null);
  const keys = await lookUpItems(tx, principal, items, phoneOf, options);
  const states = rememberingStates();
  const outcomes: (ChunkOutcome | { status: "skipped" | "updated"; match: Match })[] = new Array(items.length);
  const created = new Map<number, ChunkOutcome>();
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  const byExternalId = new Map<string, number>();
  let pending: { item: number; lead: CheckedLead }[] = [];
  const flush = async () => {
    const written = await createLeads(tx, principal, pending.map((entry) => entry.lead));
    for (const [position, outcome] of written.entries()) {
      const item = pending[position]!.item;
      created.set(item, "refused" in outcome
        ? { status: "refused", error: outcome.refused }
        : { status: "created", id: outcome.answered.id, merged: outcome.answered.id !== outcome.created.id });
    }
    pending = [];
  };
  const idOf = async (match: Match): Promise<string | ApiError> => {
    if ("id" in match) return match.id;
    if (pending.some((entry) => entry.item === match.item)) await flush();
    const outcome = created.get(match.item)!;
    return outcome.status === "refused" ? outcome.error : outcome.id;
  };

  for (const [index, item] of items.entries()) {
    const externalKey = item.externalId != null ? `${resolveSource(item.source ?? "other").source}|${item.externalId}` : null;
    const phone = phoneOf(item);
    const { emailKey } = keys[index]!;
    let match: Match | null = keys[index]!.byExternalId !== null ? { id: keys[index]!.byExternalId! } : null;
    if (match === null && externalKey !== null && byExternalId.has(externalKey)) match = { item: byExternalId.get(externalKey)! };
    if (match === null && options.onDuplicate !== "create") {
      const earlier = [
        options.matchOn.includes("email") && emailKey !== null ? byEmail.get(emailKey) : undefined,
        options.matchOn.includes("phone") && phone !== null ? byPhone.get(phone) : undefined,
      ].filter((found): found is number => found !== undefined);
      if (keys[index]!.byContact !== null) match = { id: keys[index]!.byContact! };
      else if (earlier.length > 0) match = { item: Math.min(...earlier) };
    }
    if (match !== null && options.onDuplicate !== "update") {
      outcomes[index] = { status: "skipped", match };
      continue;
    }
    if (match !== null) {
      outcomes[index] = await updateItem(db, principal, item, index, await idOf(match), options);
      continue;
    }
    try {
      const values = await checkNewLead(tx, organizationId, newLeadValues(item), item, states);
      pending.push({ item: index, lead: { request: item, values } });
      if (emailKey !== null && !byEmail.has(emailKey)) byEmail.set(emailKey, index);
      if (phone !== null && !byPhone.has(phone)) byPhone.set(phone, index);
      if (externalKey !== null && !byExternalId.has(externalKey)) byExternalId.set(externalKey, index);
    } catch (error) {
      if (!isApiError(error)) throw error;
      outcomes[index] = { status: "refused", error };
    }
  }
  await flush();

  const answers: ChunkOutcome[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome === undefined) answers.push(created.get(index)!);
    else if ("match" in outcome) {
      const id = await idOf(outcome.match);
      answers.push(typeof id === "string" ? { status: outcome.status, id, merged: false } : { status: "refused", error: id });
    } else answers.push(outcome);
  }
  return answers;
}

async function updateItem(
  db: Db,
  principal: Principal,
  item: CreateLeadRequest,
  index: number,
  target: string | ApiError,
  options: ChunkOptions,
): Promise<ChunkOutcome> {
  if (typeof target !== "string") return { status: "refused", error: target };
  const { roundRobinId: _routingOnly, instantReply: _arrivalOnly, sourceMetadata: _arrivalMetadata, ...change } = item;
  try {
    return await runAtomically(db, async (inner) => {
      await options.beforeUpdate?.(inner, target, index);
      return { status: "updated" as const, id: (await changeLead(inner, principal, target, change)).id, merged: false };
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: "refused", error };
  }
}

/**
 * For every item at once: its e-mail as the duplicate check compares it, the
 * visible lead holding its `externalId` of the same source, and (under
 * `skip`/`update`) the oldest visible lead with its e-mail or phone — each
 * rule its own index range, the older of the two taken.
 */
async function lookUpItems(
  tx: DbTx,
  principal: Principal,
  items: readonly CreateLeadRequest[],
  phoneOf: (item: CreateLeadRequest) => string | null,
  options: ChunkOptions,
): Promise<ItemKeys[]> {
  const byContact = options.onDuplicate !== "create";
  const column = <T>(pick: (item: CreateLeadRequest) => T | null | undefined) => items.map((item) => pick(item) ?? null);
  const rows = await tx.$queryRaw<(ItemKeys & { ord: bigint })[]>(Prisma.sql`
    SELECT k."ord", "inmo_email_key"(k."email") AS "emailKey",
      (SELECT l."id" FROM "Lead" l
        WHERE ${visibleLeadsSql(principal)} AND l."source" = k."source"::"LeadSource" AND l."externalId" = k."externalId" LIMIT 1) AS "byExternalId",
      (SELECT m."id" FROM (
        (SELECT l."id", l."createdAt" FROM "Lead" l WHERE ${visibleLeadsSql(principal)} AND l."emailKey" = "inmo_email_key"(k."matchEmail")
          ORDER BY l."createdAt", l."id" LIMIT 1)
        UNION ALL
        (SELECT l."id", l."createdAt" FROM "Lead" l WHERE ${visibleLeadsSql(principal)} AND l."phoneE164" = k."matchPhone"
          ORDER BY l."createdAt", l."id" LIMIT 1)
      ) m ORDER BY m."createdAt", m."id" LIMIT 1) AS "byContact"
    FROM unnest(
      ${column((item) => item.email)}::text[],
      ${column((item) => (byContact && options.matchOn.includes("email") ? item.email : null))}::text[],
      ${column((item) => (byContact && options.matchOn.includes("phone") ? phoneOf(item) : null))}::text[],
      ${column((item) => resolveSource(item.source ?? "other").source)}::text[],
      ${column((item) => item.externalId)}::text[]
    ) WITH ORDINALITY AS k("email", "matchEmail", "matchPhone", "source", "externalId", "ord")
    ORDER BY k."ord"`);
  return rows.map(({ emailKey, byExternalId, byContact }) => ({ emailKey, byExternalId, byContact }));
}
