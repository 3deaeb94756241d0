import type { Configuration } from "../config/config";
import { isInngestDevOn } from "../jobs/driver-choice";

/**
 * Settings a production deployment must not run with. `npm start` checks them
 * when the operator sets `NODE_ENV=production` and refuses to start, naming
 * each problem (docs/security.md). Without it, `npm start` is the zero-setup
 * local mode, where http on localhost and generated keys are expected.
 */
export function productionSettingsProblems(settings: Configuration): string[] {
  const problems: string[] = [];
  const url = settings.NEXTAUTH_URL ?? "";
  if (!url.startsWith("https://")) {
    problems.push(
      `NEXTAUTH_URL must be the app's https origin (is ${url === "" ? "unset" : JSON.stringify(url)}): session cookies would travel in clear text`,
    );
  }
  if (isInngestDevOn(settings.INNGEST_DEV)) {
    problems.push("INNGEST_DEV must not be set: it turns off the signature check on /api/inngest");
  }
  if (settings.TRUSTED_PROXY_HOPS === undefined) {
    problems.push(
      "TRUSTED_PROXY_HOPS must be set: the number of reverse proxies in front of the app (1, 2…), or `direct` when clients connect straight to it; otherwise per-address limits would trust an X-Forwarded-For the client wrote",
    );
  }
  if (!settings.WEBHOOK_SECRET_KEY) {
    problems.push("WEBHOOK_SECRET_KEY must be set explicitly: webhook signing secrets would be sealed with a derived or development key");
  }
  return problems;
}
