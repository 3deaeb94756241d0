import { localeFromAcceptLanguage } from "../../lib/i18n/dictionaries";
import { getDb } from "../db";
import { clientAddressOf } from "./client-address";
import { loadSheet } from "../sheets/load-sheet";
import { recordSheetOpen } from "../sheets/open-sheet";
import { pressSheetInterest } from "../sheets/press-interest";
import { submitPublicInterest } from "../sheets/public-interest";
import { renderSheet, renderSheetProblem } from "../sheets/render-sheet";
import { throttleSheet } from "../sheets/sheet-throttle";
import { SHEET_PATH } from "../sheets/sheet-token";

/** Set on every sheet response, whoever serves it (Next adds them too, from server/http/security-headers.ts). */
const SHEET_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "X-Content-Type-Options": "nosniff",
};

function respond(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...SHEET_HEADERS, ...extra } });
}

/** `/s/<token>` → `{token, action: "view"}`, `/s/<token>/interest` → `{token, action: "interest"}`; anything else null. */
function routeOf(pathname: string): { token: string; action: "view" | "interest" } | null {
  if (!pathname.startsWith(SHEET_PATH)) return null;
  const [token, action, ...rest] = pathname.slice(SHEET_PATH.length).split("/");
  if (!token || rest.length > 0) return null;
  if (action === undefined || action === "") return { token, action: "view" };
  return action === "interest" ? { token, action: "interest" } : null;
}

/**
 * The public sheet door: `GET /s/<token>` renders the sheet (and counts the
 * open), `POST /s/<token>/interest` is its "I'm interested" form (on a
 * public link, the visitor's name and contact: 422 with the form again when
 * invalid), answered
 * with a redirect back to the sheet (`?done=1`, which shows the thanks and is
 * not counted as another open). Server-rendered HTML without a script, so
 * it works with JavaScript off. An unknown, malformed or revoked token is a
 * 404 page; a spent budget (per address and per token) a 429 page with
 * `Retry-After`. `clock` is the time views are stamped with (tests fix it).
 */
export function sheetHandler(clock: () => Date = () => new Date()): (req: Request) => Promise<Response> {
  return async (req) => {
    const url = new URL(req.url);
    const route = routeOf(url.pathname);
    const locale = localeFromAcceptLanguage(req.headers.get("accept-language"));
    if (route === null) return respond(404, renderSheetProblem(locale, "not_found"));
    const allowed = route.action === "view" ? ["GET", "HEAD"] : ["POST"];
    if (!allowed.includes(req.method)) return respond(405, renderSheetProblem(locale, "not_found"), { Allow: allowed.join(", ") });
    const wait = await throttleSheet(clientAddressOf(req), route.token);
    if (wait !== null) return respond(429, renderSheetProblem(locale, "too_many"), { "Retry-After": String(wait) });
    const db = await getDb();
    const sheet = await loadSheet(db, route.token);
    if (sheet === null) return respond(404, renderSheetProblem(locale, "not_found"));
    const personal = sheet.link.leadId !== null;
    if (route.action === "interest") {
      if (personal) await pressSheetInterest(db, sheet, clock());
      else {
        const fields = await req.formData().catch(() => new FormData());
        const outcome = await submitPublicInterest(db, sheet, fields, clock());
        if (!outcome.ok) return respond(422, renderSheet(sheet.content, route.token, { personal, justInterested: false, form: outcome }));
      }
      return new Response(null, { status: 303, headers: { ...SHEET_HEADERS, Location: `${SHEET_PATH}${route.token}?done=1` } });
    }
    const done = url.searchParams.get("done") === "1";
    if (!done && req.method === "GET") await recordSheetOpen(db, sheet, { at: clock(), userAgent: req.headers.get("user-agent") });
    // A public link's thanks is the form's answer only (anyone may press it); a personal link's, once pressed.
    return respond(200, renderSheet(sheet.content, route.token, { personal, justInterested: done && (!personal || sheet.content.interested) }));
  };
}

export const handleSheetRequest = sheetHandler();
