import { z } from "zod";
import type { MessageKey } from "../i18n/messages";

/**
 * Redirect URIs are compared as exact strings (RFC 9700 section 4.1.3): no
 * prefix or wildcard matching, so a registered URI cannot be stretched to an
 * attacker's path. They must be https, except loopback http for tools running
 * on the integrator's machine (RFC 8252 section 7.3), and carry no fragment.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a redirect URI is refused, as a message key (`validation.redirect…`), or null. */
export function redirectUriProblem(value: string): MessageKey | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "validation.redirectAbsolute";
  }
  if (url.hash !== "" || value.includes("#")) return "validation.redirectFragment";
  if (url.username !== "" || url.password !== "") return "validation.redirectCredentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "validation.redirectHttps";
}

export const redirectUriSchema = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Exact match against the registered list. */
export function isRegisteredRedirectUri(registered: readonly string[], candidate: string): boolean {
  return registered.includes(candidate);
}
