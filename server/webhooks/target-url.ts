import dns from "node:dns";
import net from "node:net";
import { isForbiddenAddress } from "./address-policy";

/**
 * Checks a webhook target when a subscription is created: HTTPS only, port 443
 * or 8443, no credentials in the URL, and a host that does not resolve to a
 * forbidden address. The same rule runs again on every delivery (see
 * http-sender.ts), because DNS answers change; this early check gives the
 * integrator a 400 instead of a stream of failed deliveries.
 *
 * Every refusal reads the same to the client (TARGET_REFUSED_MESSAGE): telling
 * "does not resolve" from "resolves to a private address" would let anyone map
 * our internal DNS. The precise reason stays in `detail`, for our logs.
 */

const LOOKUP_TIMEOUT_MS = 3_000;

export const TARGET_REFUSED_MESSAGE = "must be a public https URL (port 443 or 8443, no credentials)";

/** Standard HTTPS ports only: a webhook must not be a way to knock on other services of a host. */
const ALLOWED_PORTS = new Set(["", "443", "8443"]);

export class TargetRefusedError extends Error {
  override name = "TargetRefusedError";
  constructor(readonly detail: string) {
    super(TARGET_REFUSED_MESSAGE);
  }
}

/** Port 443 (the default) or 8443, unless private targets are allowed (development and tests). */
export function isAllowedTargetPort(url: URL, options: { allowPrivateTargets: boolean }): boolean {
  return options.allowPrivateTargets || ALLOWED_PORTS.has(url.port);
}

/** The host of a URL as an IP literal, when it is one (`[::1]` → `::1`). */
export function ipLiteralOf(url: URL): string | null {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return net.isIP(host) ? host : null;
}

export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefusedError("must be an absolute URL");
  }
  if (url.protocol !== "https:") throw new TargetRefusedError("must use https");
  if (url.username !== "" || url.password !== "") throw new TargetRefusedError("must not contain credentials");
  if (url.hostname === "") throw new TargetRefusedError("must name a host");
  return url;
}

function lookupAll(hostname: string): Promise<dns.LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error("lookup timed out"), { code: "ETIMEOUT" })), LOOKUP_TIMEOUT_MS);
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}

/**
 * Refuses a target whose host is, or resolves to, a forbidden address. A name
 * that does not exist (NXDOMAIN) is refused; a temporary resolver failure is
 * not, since the delivery-time check still guards every request.
 */
export async function checkTargetUrl(raw: string, options: { allowPrivateTargets: boolean }): Promise<URL> {
  const url = parseTargetUrl(raw);
  if (!isAllowedTargetPort(url, options)) throw new TargetRefusedError(`port ${url.port} is not 443 or 8443`);
  if (options.allowPrivateTargets) return url;
  const literal = ipLiteralOf(url);
  if (literal !== null) {
    if (isForbiddenAddress(literal)) throw new TargetRefusedError("must not point to a private, loopback, link-local or reserved address");
    return url;
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await lookupAll(url.hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND") throw new TargetRefusedError(`host ${url.hostname} does not resolve`);
    return url;
  }
  if (addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw new TargetRefusedError("must not resolve to a private, loopback, link-local or reserved address");
  }
  return url;
}
