import type { JobDriverKind } from "./job-runtime";

/**
 * Inngest drives background work when it is configured (an event key for
 * Inngest Cloud or a self-hosted server, or `INNGEST_DEV` for a dev server);
 * otherwise the embedded driver runs in the app process.
 */
export function isInngestConfigured(): boolean {
  const dev = process.env.INNGEST_DEV;
  return Boolean(process.env.INNGEST_EVENT_KEY) || (dev !== undefined && dev !== "" && dev !== "0" && dev !== "false");
}

export function configuredDriver(): JobDriverKind {
  return isInngestConfigured() ? "inngest" : "embedded";
}
