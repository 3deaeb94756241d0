import { localeFromAcceptLanguage } from "../../lib/i18n/dictionaries";
import { appRouter } from "../api/root";
import { createRequestContext, type AuthState, type RequestContext } from "../api/context";
import { createCallerFactory, type ProcedureMeta } from "../api/trpc";
import { readDashboardSession } from "../auth/read-session";
import { resolvePrincipalFromSession } from "../auth/resolve-session";
import { getDb } from "../db";
import { renderError } from "../errors/render-error";
import { observeDoor } from "../observability/door-telemetry";
import { clientAddressOf } from "./client-address";
import { errorResponse } from "./error-response";
import { streamedBody, streamedHeaders } from "./streamed-answer";

const createCaller = createCallerFactory(appRouter);

/** The dashboard's downloads: a streamed procedure by name, so a browser link saves it as a file. */
const DOWNLOADS = {
  "leads.export": (caller: ReturnType<typeof createCaller>, input: unknown) => caller.leads.export(input as never),
  "leads.imports.refusedRows": (caller: ReturnType<typeof createCaller>, input: unknown) => caller.leads.imports.refusedRows(input as never),
} as const;

export type DashboardDownload = keyof typeof DOWNLOADS;

function queryInput(url: URL): Record<string, string> {
  // Only filled-in filters: the dashboard's links leave empty ones out, and an empty value is no filter.
  return Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value !== ""));
}

/**
 * A download of the dashboard (Leads → Export CSV): the same procedure as the
 * REST door's (`GET /api/v1/leads/export`), called as the signed-in person
 * with the session cookie (so the dashboard's roles, scope and lead visibility
 * apply), its text streamed to the browser as a file. A refusal before the
 * first byte is the usual error envelope.
 */
export function handleDashboardDownload(name: DashboardDownload): (req: Request) => Promise<Response> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
  const meta = procedures[name]?._def.meta?.streamsAs;
  if (!meta) throw new Error(`${name} is not a streamed procedure`);
  return (req) =>
    observeDoor("trpc", `download ${name}`, req, async () => {
      let context: RequestContext | undefined;
      try {
        const db = await getDb();
        const session = await readDashboardSession(req);
        const principal = session ? await resolvePrincipalFromSession(db, session) : null;
        const auth: AuthState = principal ? { status: "authenticated", principal } : { status: "anonymous" };
        const requestLocale = localeFromAcceptLanguage(req.headers.get("accept-language"));
        context = createRequestContext({ db, door: "trpc", auth, clientAddress: clientAddressOf(req), requestLocale });
        const pieces = (await DOWNLOADS[name](createCaller(context), queryInput(new URL(req.url)))) as AsyncIterable<string>;
        const day = new Date().toISOString().slice(0, 10);
        const headers = streamedHeaders({ ...meta, fileName: meta.fileName.replace(/\.csv$/, `-${day}.csv`) }, context.response.headers);
        return new Response(streamedBody(pieces, name), { status: 200, headers });
      } catch (error) {
        const locale = context?.auth.status === "authenticated" ? context.auth.principal.organization.locale : (context?.requestLocale ?? "en");
        return errorResponse(renderError(error, locale));
      }
    });
}
