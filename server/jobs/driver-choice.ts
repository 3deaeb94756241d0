import { config } from "../config/config";
import type { JobDriverKind } from "./job-runtime";

/**
 * Inngest drives background work when it is configured (an event key for
 * Inngest Cloud or a self-hosted server, or `INNGEST_DEV` for a dev server);
 * otherwise the embedded driver runs in the app process.
 */
export function isInngestConfigured(): boolean {
  const { INNGEST_EVENT_KEY, INNGEST_DEV } = config();
  return Boolean(INNGEST_EVENT_KEY) || isInngestDevOn(INNGEST_DEV);
}

/** `INNGEST_DEV` is `1` or a dev server's URL; `0` and `false` mean off, as in the Inngest SDK. */
export function isInngestDevOn(value: string | undefined): boolean {
  return value !== undefined && value !== "0" && value !== "false";
}

export function configuredDriver(): JobDriverKind {
  return isInngestConfigured() ? "inngest" : "embedded";
}
