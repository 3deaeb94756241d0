import type { Db } from "../db/client";
import type { Clock } from "../jobs/job-clock";
import type { JobRuntime } from "../jobs/job-runtime";
import { INNGEST_HANDOFF_LEASE_MS } from "../jobs/lease";
import { sendHttps, type Sender } from "./http-sender";
import { deliverySettings, type DeliverySettings } from "./settings";

/** What a delivery step needs; built from the driver's runtime, so the step bodies are one piece of code. */
export interface EngineDeps {
  db: Db;
  clock: Clock;
  send: Sender;
  settings: () => DeliverySettings;
  /**
   * How long past its next due time a failed delivery stays reserved. The
   * embedded driver releases it (null): any poller takes it when it is due.
   * Under Inngest the sleeping run owns it, so the sweeper leaves it alone
   * until shortly after the next attempt is due.
   */
  holdAfterFailureMs: number | null;
}

export function engineDepsOf(runtime: JobRuntime, overrides: Partial<Pick<EngineDeps, "send" | "settings">> = {}): EngineDeps {
  return {
    db: runtime.db,
    clock: runtime.clock,
    send: overrides.send ?? sendHttps,
    settings: overrides.settings ?? deliverySettings,
    holdAfterFailureMs: runtime.driver === "inngest" ? INNGEST_HANDOFF_LEASE_MS : null,
  };
}
