import { config } from "../config/config";
import { ApiError } from "../errors/api-error";

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** The origins the dashboard is served from: the public one (NEXTAUTH_URL) and the one the request arrived on. */
function ownOrigins(req: Request): string[] {
  const origins = [new URL(req.url).origin];
  const configured = config().NEXTAUTH_URL;
  if (configured) origins.push(new URL(configured).origin);
  return origins;
}

/**
 * What a cookie-authenticated POST must look like (second audit, L2): the
 * dashboard's own `fetch`, never a form or a script of another origin riding
 * the session cookie.
 * - JSON (`Content-Type: application/json`): an HTML form can only send
 *   urlencoded, multipart or text/plain, and a cross-origin `fetch` with JSON
 *   needs a CORS preflight, which this server never grants.
 * - Same origin: browsers say where a request comes from in `Sec-Fetch-Site`
 *   (anything but `same-origin` is refused: a sibling subdomain is
 *   `same-site`) and in `Origin` (which must be one of ours). A client that
 *   sends neither is not a browser, and holds no victim's cookie.
 */
export function assertDashboardPost(req: Request): void {
  if (req.method !== "POST") return;
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") throw new ApiError("FORBIDDEN", "request.crossOrigin");
  const origin = req.headers.get("origin");
  if (origin !== null && !ownOrigins(req).includes(origin)) throw new ApiError("FORBIDDEN", "request.crossOrigin");
  if (!JSON_MEDIA_TYPE.test(req.headers.get("content-type") ?? "")) throw new ApiError("BAD_REQUEST", "request.unsupportedMediaType");
}
