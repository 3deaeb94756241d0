import { config } from "../config/config";

/**
 * The address a request came from, for per-IP throttling. Route handlers see
 * no socket, only `X-Forwarded-For`: Next fills it with the peer address when
 * the request arrives without one, and a reverse proxy appends the address it
 * saw. The trustworthy entry is therefore counted from the right: the last one
 * with one proxy (or none) in front, the second to last with two, and so on
 * (`TRUSTED_PROXY_HOPS`, default 1). Entries further left are whatever the
 * client wrote. Directly exposed, a client can choose its address: deploy
 * behind a proxy that sets the header (docs/security.md); per-email limits
 * and the bounded hashing queue hold either way.
 */
export function clientAddressOf(req: Request): string {
  const hops = config().TRUSTED_PROXY_HOPS;
  const entries = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries[Math.max(0, entries.length - hops)] ?? "unknown";
}
