import type { Db } from "../db/client";
import type { Clock } from "../jobs/job-clock";
import type { JobRuntime } from "../jobs/job-runtime";
import { sendHttps, type Sender } from "./http-sender";
import { deliverySettings, type DeliverySettings } from "./settings";

/** What a delivery step needs; built from the driver's runtime, so the step bodies are one piece of code. */
export interface EngineDeps {
  db: Db;
  clock: Clock;
  send: Sender;
  settings: () => DeliverySettings;
  /** How long past its next due time a failed delivery stays reserved for its run (the driver's policy; null: released). */
  holdAfterFailureMs: number | null;
}

export function engineDepsOf(runtime: JobRuntime, overrides: Partial<Pick<EngineDeps, "send" | "settings">> = {}): EngineDeps {
  return {
    db: runtime.db,
    clock: runtime.clock,
    send: overrides.send ?? sendHttps,
    settings: overrides.settings ?? deliverySettings,
    holdAfterFailureMs: runtime.policy.holdAfterFailureMs,
  };
}
