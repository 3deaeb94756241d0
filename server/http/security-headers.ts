/**
 * Response headers of a hardened web app, applied by next.config.ts to every
 * response Next serves (pages, route handlers, assets).
 *
 * The content security policy allows only our own origin; inline scripts and
 * styles stay allowed because Next's app router inlines its bootstrap data
 * (a nonce-based policy would force every page to render per request for no
 * gain here: pages already render per request and carry no third-party
 * script). `frame-ancestors 'none'` (and X-Frame-Options for old browsers)
 * keeps the dashboard and consent pages out of other sites' frames
 * (clickjacking). Development adds `'unsafe-eval'`, which Next's dev server needs.
 */
export interface HeaderRule {
  source: string;
  has?: { type: "header"; key: string; value?: string }[];
  headers: { key: string; value: string }[];
}

export function contentSecurityPolicy(development: boolean, formAction = "'self'"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * HSTS only reaches browsers over https (they ignore it on http anyway); the
 * rule matches on `X-Forwarded-Proto: https`, which Next sets for TLS it
 * terminates itself and a reverse proxy sets for TLS it terminates.
 */
/**
 * Where the consent page's form may lead: ourselves, then any registered
 * redirect URI (https, or http on loopback). CSP's host grammar has no IPv6
 * literals, so `http://[::1]:*` is an invalid source that browsers drop and
 * log on every load (second audit, item 10); a client registered on `[::1]`
 * is sent back by a page that navigates instead of a redirect, which
 * form-action does not govern (server/oauth/consent-decision.ts).
 */
export const CONSENT_FORM_ACTION = "'self' https: http://localhost:* http://127.0.0.1:*";

export const HSTS = "max-age=63072000; includeSubDomains";

export function securityHeaderRules(development: boolean): HeaderRule[] {
  return [
    {
      source: "/:path*",
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy(development) },
        { key: "X-Frame-Options", value: "DENY" },
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
      ],
    },
    {
      // The consent form posts to us and we answer with a redirect to the app's registered redirect URI;
      // browsers check form-action against that redirect too, so this one page allows https (and loopback) targets.
      source: "/oauth/authorize",
      headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy(development, CONSENT_FORM_ACTION) }],
    },
    {
      // Public unit and project sheets (server/sheets): their URL is the secret, so it never leaves in a Referer
      // (photos are hosted elsewhere), and search engines are told to keep them out of their index.
      source: "/s/:path*",
      headers: [
        { key: "Referrer-Policy", value: "no-referrer" },
        { key: "X-Robots-Tag", value: "noindex, nofollow" },
        { key: "Cache-Control", value: "private, no-store" },
      ],
    },
    {
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
      headers: [{ key: "Strict-Transport-Security", value: HSTS }],
    },
  ];
}

/** Whether a rule's `source` (a literal path, or `<prefix>/:path*` for every path under a prefix: the forms used above) names `pathname`. */
function sourceMatches(source: string, pathname: string): boolean {
  if (source.endsWith("/:path*")) return pathname.startsWith(source.slice(0, -":path*".length)) || source === "/:path*";
  return source === pathname;
}

/**
 * The headers the rules give one request, as Next applies them to what it
 * serves (later rules win on the same header): for responses written outside
 * Next, i.e. the REST door of `npm start`'s server (scripts/serve-production.ts).
 */
export function securityHeadersFor(pathname: string, requestHeaders: Headers, development = false): { key: string; value: string }[] {
  const headers = new Map<string, { key: string; value: string }>();
  for (const rule of securityHeaderRules(development)) {
    if (!sourceMatches(rule.source, pathname)) continue;
    if (rule.has?.some((condition) => (condition.value === undefined ? !requestHeaders.has(condition.key) : requestHeaders.get(condition.key) !== condition.value))) continue;
    for (const header of rule.headers) headers.set(header.key.toLowerCase(), header);
  }
  return [...headers.values()];
}
