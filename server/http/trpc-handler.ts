import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getServerSession } from "next-auth";
import { appRouter } from "../api/root";
import { createRequestContext, type AuthState } from "../api/context";
import { authOptions, type InmoSession } from "../auth/next-auth-options";
import { resolvePrincipalFromSession } from "../auth/resolve-session";
import { getDb } from "../db";
import { renderError } from "../errors/render-error";
import { logger } from "../system/logger";

/** The dashboard's door: `/api/trpc`, authenticated by the next-auth session. */
export function handleTrpcRequest(req: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: async () => {
      const db = await getDb();
      const session = (await getServerSession(authOptions)) as InmoSession | null;
      const principal = session ? await resolvePrincipalFromSession(db, session) : null;
      const auth: AuthState = principal ? { status: "authenticated", principal } : { status: "anonymous" };
      return createRequestContext({ db, door: "trpc", auth });
    },
    onError: ({ error, path }) => {
      if (renderError(error).status >= 500) logger.error("trpc.request_failed", { procedure: path, error: error.cause ?? error });
    },
  });
}
