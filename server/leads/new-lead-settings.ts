import type { DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { preparedStatement } from "../db/prepared-statements";
import { effectiveReplySettingJson, settingsOfRow, type ReplySettings, type SettingRow } from "../instant-reply/reply-settings";
import { pipelineJson, type PipelineStageState } from "../pipeline/lead-state";
import { deadlinePolicyJson, deadlinePolicyOfJson, type DeadlinePolicy } from "./first-touch/first-touch-deadline";
import { isUuid } from "../ids";

/**
 * What one new lead reads of its organization's settings, asked once, at the
 * start of the creating transaction: the pipeline (its state), the owner's
 * first-touch policy, the instant-reply setting of its pool or source and the
 * country its national phone is read in. Each rule stays with its owner,
 * which exposes its read as an SQL expression (`pipelineJson`,
 * `deadlinePolicyJson`, `effectiveReplySettingJson`); this module only asks
 * them together. Read one by one they were four statements of every create
 * (two of them compiled by Prisma's query compiler per call).
 *
 * The owner and the pool are what the create knows before its transaction
 * (a turn taken already, an explicit owner). When the lead ends up with
 * another owner or pool (routed inside an outer transaction), the matching
 * accessor answers undefined and the caller reads that one alone.
 */
export interface NewLeadSettings {
  pipeline: readonly PipelineStageState[];
  /** The first-touch policy, when `ownerId` and `poolId` are the ones read. */
  deadlineFor(ownerId: string, poolId: string | null): DeadlinePolicy | undefined;
  /** The instant-reply setting (null: none), when `poolId` and `source` are the ones read. */
  instantReplyFor(poolId: string | null, source: string): ReplySettings | null | undefined;
  /** The organization's country for national phone numbers (server/leads/lead-values.ts `defaultCountryOf`). */
  defaultCountry: string | null;
}

export interface KnownBeforeCreate {
  ownerId: string | null;
  poolId: string | null;
  source: string;
}

interface SettingsRow {
  pipeline: PipelineStageState[];
  deadline: Parameters<typeof deadlinePolicyOfJson>[0] | null;
  instantReply: SettingRow | null;
  defaultCountry: string | null;
}

export async function readNewLeadSettings(tx: DbTx, organizationId: string, known: KnownBeforeCreate): Promise<NewLeadSettings> {
  // A malformed owner id is refused by the reference check; here it only reads no policy.
  const ownerId = known.ownerId !== null && isUuid(known.ownerId) ? known.ownerId : null;
  const poolId = known.poolId !== null && isUuid(known.poolId) ? known.poolId : null;
  const organization = Prisma.sql`${organizationId}::uuid`;
  // Prepared: fixed text, and planning four subqueries cost about as much as running them.
  const [row] = await tx.$queryRaw<SettingsRow[]>(
    preparedStatement(Prisma.sql`
      SELECT ${pipelineJson(organization)} AS "pipeline",
        ${deadlinePolicyJson(organization, ownerId, poolId)} AS "deadline",
        ${effectiveReplySettingJson(organization, poolId, known.source)} AS "instantReply",
        (SELECT o."defaultCountry" FROM "Organization" o WHERE o."id" = ${organization}) AS "defaultCountry"`),
  );
  if (!row?.deadline) throw new Error(`organization ${organizationId} not found`);
  const deadline = ownerId === null ? undefined : deadlinePolicyOfJson(row.deadline);
  const instantReply = row.instantReply ? settingsOfRow(row.instantReply) : null;
  return {
    pipeline: row.pipeline,
    deadlineFor: (owner, pool) => (owner === ownerId && pool === poolId ? deadline : undefined),
    instantReplyFor: (pool, source) => (pool === poolId && source === known.source ? instantReply : undefined),
    defaultCountry: row.defaultCountry,
  };
}
