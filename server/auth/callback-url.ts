/** Where sign-in sends a person when the requested address is not acceptable. */
export const DEFAULT_AFTER_SIGN_IN = "/home";

// Stands in for our origin when the page does not know it: only relative addresses resolve onto it.
const PLACEHOLDER_ORIGIN = "https://inmo.invalid";

/**
 * The address to go to after sign-in, kept on this app's origin (no open
 * redirect). The value is resolved the way a browser resolves it, against the
 * origin (`/\t/evil.com`, `/\evil.com` and `//evil.com` all name another
 * host once tabs, CR/LF and backslashes are normalised, so they are refused),
 * must land on the same origin, and comes back as a path that cannot be read
 * as protocol-relative. Anything else gives DEFAULT_AFTER_SIGN_IN.
 */
export function safeCallbackUrl(value: string | string[] | undefined | null, origin: string = PLACEHOLDER_ORIGIN): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw === "") return DEFAULT_AFTER_SIGN_IN;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(raw, base);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (resolved.origin !== base.origin) return DEFAULT_AFTER_SIGN_IN;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return DEFAULT_AFTER_SIGN_IN;
  return path;
}
