import { config } from "../config/config";

/**
 * The address a request came from, for per-IP throttling. Route handlers see
 * no socket, only `X-Forwarded-For`, so only the entries that trusted hops
 * wrote count (second audit, L9):
 * - `TRUSTED_PROXY_HOPS=N`: N reverse proxies each append the address they
 *   saw; the Nth entry from the right is the one the outermost proxy saw.
 *   Entries further left are whatever the client wrote.
 * - `direct`: no proxy; `npm start` loads `direct-peer-address.mjs` into the
 *   server, which replaces the header with the connection's peer before Next
 *   reads it: the one entry is the client's real address.
 * - unset (development only; production refuses to start): as 1.
 */
export function trustedHops(): number {
  const setting = config().TRUSTED_PROXY_HOPS;
  return setting === undefined || setting === "direct" ? 1 : setting;
}

export function clientAddressOf(req: Request): string {
  const hops = trustedHops();
  const entries = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries[Math.max(0, entries.length - hops)] ?? "unknown";
}
