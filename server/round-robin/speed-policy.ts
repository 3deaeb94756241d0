import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { poolNotFound } from "./pool-errors";
import type { EscalationStep } from "./escalate-first-touch";

/**
 * Extension: a pool's speed-to-lead policy, kept apart from the pool's
 * contract fields (the pool's create answer and `settings` are exactly the
 * spec's). `firstTouchMinutes`: the first-touch deadline of the leads the
 * pool assigns (server/leads/first-touch/); null: the organization's.
 */
export interface SpeedPolicy {
  roundRobinId: string;
  firstTouchMinutes: number | null;
  /** What applies: the pool's minutes, else the organization's. */
  effectiveFirstTouchMinutes: number;
  /** One step per missed deadline, the last repeating; empty: a breach is only marked. */
  firstTouchEscalation: EscalationStep[];
}

export interface SpeedPolicyChanges {
  /** Omitted: unchanged; null: the organization's. */
  firstTouchMinutes?: number | null;
  /** Omitted: unchanged. */
  firstTouchEscalation?: EscalationStep[];
}

export async function getSpeedPolicy({ db, principal }: DomainContext, poolId: string): Promise<SpeedPolicy> {
  const organizationId = principal.organizationId;
  if (!isUuid(poolId)) throw poolNotFound();
  const [pool, organization] = await Promise.all([
    db.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true, firstTouchMinutes: true, firstTouchEscalation: true } }),
    db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { firstTouchMinutes: true } }),
  ]);
  if (!pool) throw poolNotFound();
  return {
    roundRobinId: pool.id,
    firstTouchMinutes: pool.firstTouchMinutes,
    effectiveFirstTouchMinutes: pool.firstTouchMinutes ?? organization.firstTouchMinutes,
    firstTouchEscalation: pool.firstTouchEscalation as EscalationStep[],
  };
}

/** Applies to deadlines set from then on; a running deadline keeps its time. */
export async function updateSpeedPolicy(ctx: DomainContext, poolId: string, changes: SpeedPolicyChanges): Promise<SpeedPolicy> {
  if (!isUuid(poolId)) throw poolNotFound();
  const { count } = await ctx.db.roundRobinPool.updateMany({
    where: { id: poolId, organizationId: ctx.principal.organizationId },
    data: {
      ...(changes.firstTouchMinutes !== undefined ? { firstTouchMinutes: changes.firstTouchMinutes } : {}),
      ...(changes.firstTouchEscalation !== undefined ? { firstTouchEscalation: changes.firstTouchEscalation } : {}),
    },
  });
  if (count === 0) throw poolNotFound();
  return getSpeedPolicy(ctx, poolId);
}
