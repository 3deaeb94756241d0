import type { Db } from "../db/client";
import type { Clock } from "./clock";
import type { Sender } from "./http-sender";
import type { DeliverySettings } from "./settings";

/**
 * What a delivery step needs, handed in by whichever driver runs it (Inngest
 * or the embedded poller), so the step bodies are one piece of code.
 */
export interface EngineDeps {
  db: Db;
  clock: Clock;
  send: Sender;
  settings: () => DeliverySettings;
  /**
   * How long a delivery stays reserved after a failed attempt. The embedded
   * driver releases it (null): the poller takes it again when `nextAttemptAt`
   * comes. Under Inngest the sleeping run owns it, so the sweeper leaves it
   * alone until shortly after the next attempt is due.
   */
  holdAfterFailure: (nextAttemptAt: Date) => Date | null;
}
