import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { countSimulatedTurn, rotationCandidates } from "./participant-availability";
import { pickParticipant, type RotationPick } from "./pick-participant";
import { poolNotFound } from "./pool-errors";

export interface SimulatedTurn {
  position: number;
  userId: string;
  name: string | null;
  order: number;
  weight: number;
  /** Who was passed over on the way, and why (paused, not a member, outside working hours, out of office, at the daily cap). */
  skipped: RotationPick["skipped"];
}

/**
 * The next `count` assignees of a pool at `at` (default now), and why each:
 * the weighted rotation run forward in memory from the pool's pointer and
 * running weights, each simulated turn counting towards its member's daily
 * cap. Reads only, takes no lock and writes nothing: a real arrival in the
 * meantime takes its turn as usual, and the answer is a forecast. Ends
 * early when nobody would be eligible (every one paused, away or capped).
 */
export async function simulateRotation({ db, principal }: DomainContext, poolId: string, request: { count: number; at?: Date }) {
  if (!isUuid(poolId)) throw poolNotFound();
  const pool = await db.roundRobinPool.findFirst({
    where: { id: poolId, organizationId: principal.organizationId },
    select: { isActive: true, nextParticipantOrder: true, distribution: true },
  });
  if (!pool) throw poolNotFound();
  const at = request.at ?? new Date();
  let candidates = await rotationCandidates(db, poolId, at);
  const names = new Map(
    (await db.user.findMany({ where: { id: { in: candidates.map((c) => c.userId) } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  const turns: SimulatedTurn[] = [];
  let pointer = pool.nextParticipantOrder;
  for (let position = 1; pool.isActive && position <= request.count; position++) {
    const pick = pickParticipant(candidates, pointer);
    if (!pick) break;
    turns.push({
      position,
      userId: pick.chosen.userId,
      name: names.get(pick.chosen.userId) ?? null,
      order: pick.chosen.order,
      weight: pick.chosen.weight ?? 1,
      skipped: pick.skipped,
    });
    pointer = pick.nextPointer;
    candidates = countSimulatedTurn(candidates, pick.chosen.userId, pick.currentWeights);
  }
  return { roundRobinId: poolId, at, isActive: pool.isActive, distribution: pool.distribution, turns, names: Object.fromEntries(names) };
}
