import { ApiError } from "../errors/api-error";
import { config } from "../config/config";

/**
 * Argon2 is slow and memory-hard on purpose (19 MiB, tens of milliseconds per
 * hash), so a burst of sign-ups or sign-ins must not run hundreds of them at
 * once: at most `PASSWORD_HASH_CONCURRENCY` run together (default: the number
 * of cores), at most `PASSWORD_HASH_QUEUE` wait (default 32), and beyond that
 * the request is refused with `429` and `Retry-After: 1` instead of queuing
 * without bound. Other requests keep their share of the machine.
 */

function limits() {
  const { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE } = config();
  return { concurrency: PASSWORD_HASH_CONCURRENCY, queue: PASSWORD_HASH_QUEUE };
}

let running = 0;
let peak = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a hashing slot is free; refuses when too many are already waiting. */
export async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  const { concurrency, queue } = limits();
  if (running >= concurrency) {
    if (waiting.length >= queue) throw new ApiError("RATE_LIMITED", "auth.busy", {}, { "Retry-After": "1" });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  peak = Math.max(peak, running);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter (running stays the same), or is freed.
    if (next) next();
    else running -= 1;
  }
}

/** How many hashes ran at once at most since the last reset (for tests and diagnostics). */
export function hashingPeak(): { peak: number; running: number; waiting: number } {
  return { peak, running, waiting: waiting.length };
}

export function resetHashingPeak(): void {
  peak = running;
}
