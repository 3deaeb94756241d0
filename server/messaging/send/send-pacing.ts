import type { Db } from "../../db/client";
import { ApiError } from "../../errors/api-error";

/**
 * Sends paced under Meta's two published limits, so WhatsApp never has to
 * refuse one of ours for speed:
 *
 * - throughput: 80 messages per second per business number → one send every
 *   13 ms per number (`WhatsAppSender.nextSendAt`);
 * - pair rate: 1 message every 6 s to the same user, bursts of 45 borrowing
 *   from the future → GCRA per number and contact (`WhatsAppPairPace.tat`).
 *
 * A send reserves its slot under the sender's row lock (so instances and
 * concurrent requests share one schedule), then waits for it. A slot further
 * away than MAX_WAIT_MS is not taken: the caller hears when to retry (503).
 */
/** 12.5 ms would be exactly 80/s; times are stored to the millisecond, so the next whole millisecond keeps us under it. */
export const THROUGHPUT_INTERVAL_MS = Math.ceil(1000 / 80);
export const PAIR_INTERVAL_MS = 6_000;
export const PAIR_BURST = 45;
const PAIR_TOLERANCE_MS = (PAIR_BURST - 1) * PAIR_INTERVAL_MS;
export const MAX_WAIT_MS = 10_000;

/** The time pacing reads and waits on: real time in production; tests hand in a virtual one shared with the fake. */
export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacingClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const holder = globalThis as unknown as { inmoPacingClock?: PacingClock };

export function pacingClock(): PacingClock {
  return holder.inmoPacingClock ?? realClock;
}

/** Tests only: pace on `clock` (null: real time again). */
export function usePacingClock(clock: PacingClock | null): void {
  holder.inmoPacingClock = clock ?? undefined;
}

/**
 * Reserves the next slot this sender may use to write to `contactDigits`, and
 * waits until it comes. Throws 503 messaging.pairThrottled (with the exact
 * Retry-After) when the slot is more than MAX_WAIT_MS away; nothing is reserved then.
 */
export async function waitForSendSlot(db: Db, senderId: string, contactDigits: string): Promise<void> {
  const clock = pacingClock();
  const now = clock.now();
  const slot = await db.$transaction(async (tx): Promise<{ refused: number } | { at: number }> => {
    const [sender] = await tx.$queryRaw<{ nextSendAt: Date | null }[]>`
      SELECT "nextSendAt" FROM "WhatsAppSender" WHERE "id" = ${senderId}::uuid FOR UPDATE`;
    const pair = await tx.whatsAppPairPace.findUnique({ where: { senderId_contactDigits: { senderId, contactDigits } } });
    const tat = Math.max(pair?.tat.getTime() ?? now, now);
    const slotAt = Math.max(now, sender?.nextSendAt?.getTime() ?? now, tat - PAIR_TOLERANCE_MS);
    if (slotAt - now > MAX_WAIT_MS) return { refused: Math.ceil((slotAt - now) / 1000) };
    await tx.whatsAppSender.updateMany({ where: { id: senderId }, data: { nextSendAt: new Date(slotAt + THROUGHPUT_INTERVAL_MS) } });
    const nextTat = new Date(Math.max(tat, slotAt) + PAIR_INTERVAL_MS);
    await tx.whatsAppPairPace.upsert({
      where: { senderId_contactDigits: { senderId, contactDigits } },
      create: { senderId, contactDigits, tat: nextTat },
      update: { tat: nextTat },
    });
    return { at: slotAt };
  });
  if ("refused" in slot) {
    const reason = "paced to stay within WhatsApp's rate of 1 message every 6 s to one contact";
    throw new ApiError("SERVICE_UNAVAILABLE", "messaging.pairThrottled", { reason, retryAfter: slot.refused }, { "Retry-After": String(slot.refused) });
  }
  if (slot.at > now) await clock.sleep(slot.at - now);
}
