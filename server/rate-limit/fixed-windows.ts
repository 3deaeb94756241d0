import { limiterRedis, onLimiterStoreClosed } from "./limiter-store";

/**
 * The API's second and minute windows per organization: fixed windows on the
 * window clock (`window-clock.ts`). A request counts in the window its instant
 * falls in, `floor(now / duration)`, whose number is part of the key, so which
 * window is current is decided by the clock alone, never by when a count
 * expires: Redis's TTL only collects windows nobody reads any more. Counted in
 * Redis when REDIS_URL is set (every app process charges the same key, with
 * its own clock: instances agree to the precision their clocks do), in process
 * memory otherwise and whenever Redis fails (the budget is then per process
 * until Redis answers again, rather than requests failing).
 */
export type WindowName = "second" | "minute";

const DURATION_MS: Record<WindowName, number> = { second: 1_000, minute: 60_000 };

/**
 * How long a count outlives its window in Redis after its last charge: garbage
 * collection only (a window is not read after it ends on the clock), and long
 * enough that a test holding its clock still keeps its window between requests.
 */
const KEPT_AFTER_WINDOW_MS = 60_000;

/** One window of one organization, as the clock placed an instant in it. */
export interface WindowSlot {
  /** Which window of which organization, whatever the instant. */
  owner: string;
  key: string;
  /** When the window ends, in ms since the epoch on the window clock. */
  endsAt: number;
  durationMs: number;
}

export function windowSlot(window: WindowName, organizationId: string, now: number): WindowSlot {
  const duration = DURATION_MS[window];
  const number = Math.floor(now / duration);
  return {
    owner: `${window}:${organizationId}`,
    key: `inmo:rl:${window}:${organizationId}:${number}`,
    endsAt: (number + 1) * duration,
    durationMs: duration,
  };
}

const holder = globalThis as unknown as { inmoWindowCounts?: Map<string, { key: string; used: number }> };
onLimiterStoreClosed(() => (holder.inmoWindowCounts = undefined));

/** In memory: one count per organization and window, replaced when a later window is charged. */
function countInMemory(slot: WindowSlot, units: number): number {
  const counts = (holder.inmoWindowCounts ??= new Map());
  const current = counts.get(slot.owner);
  if (current && current.key !== slot.key && units < 0) return 0; // a refund to a window already over
  const count = current?.key === slot.key ? current : { key: slot.key, used: 0 };
  // Never below zero: a refund whose charge went to Redis, made here while Redis fails, must not add to the budget.
  count.used = Math.max(0, count.used + units);
  counts.set(slot.owner, count);
  return count.used;
}

async function countInRedis(slot: WindowSlot, units: number): Promise<number | null> {
  const redis = limiterRedis();
  if (!redis) return null;
  try {
    const results = await redis
      .multi()
      .incrby(slot.key, units)
      .pexpire(slot.key, slot.durationMs + KEPT_AFTER_WINDOW_MS)
      .exec();
    const [charged] = results ?? [];
    if (!charged || charged[0]) return null;
    return Number(charged[1]);
  } catch {
    return null;
  }
}

/** Adds `units` to the window and returns what it has used since it opened, this charge included. */
export async function chargeWindow(slot: WindowSlot, units: number): Promise<number> {
  return (await countInRedis(slot, units)) ?? countInMemory(slot, units);
}

/** Gives back `units` charged to the window (a request refused by a later window costs nothing). */
export async function refundWindow(slot: WindowSlot, units: number): Promise<void> {
  await chargeWindow(slot, -units);
}

/** What the window has used so far, without charging it. */
export async function readWindow(slot: WindowSlot): Promise<number> {
  const redis = limiterRedis();
  if (redis) {
    const used = await redis.get(slot.key).catch(() => undefined);
    if (used !== undefined) return Number(used ?? 0);
  }
  return countInMemory(slot, 0);
}
