import { appRouter } from "../../server/api/root";
import { createCallerFactory } from "../../server/api/trpc";
import { resolvePrincipalFromSession } from "../../server/auth/resolve-session";
import type { Db } from "../../server/db/client";
import { fieldErrorsOf, renderError } from "../../server/errors/render-error";

const createCaller = createCallerFactory(appRouter);

/** The dashboard door as a signed-in person in one of their organizations (what /api/trpc builds from the session). */
export async function sessionCaller(db: Db, userId: string, organizationId: string) {
  const principal = await resolvePrincipalFromSession(db, { userId, organizationId });
  if (!principal) throw new Error("no membership");
  return createCaller({ db, door: "trpc", auth: { status: "authenticated", principal }, response: { headers: new Headers() } });
}

/** The dashboard door before sign-in. */
export function anonymousCaller(db: Db) {
  return createCaller({ db, door: "trpc", auth: { status: "anonymous" }, response: { headers: new Headers() } });
}

/** What the dashboard sees of a failed call: the contract's status and code, and each refused field's reason as the dashboard door words it (English reader). */
export async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const rendered = renderError(error);
    return {
      status: rendered.status,
      code: rendered.code,
      message: rendered.message,
      fields: fieldErrorsOf(error, { kind: "person", locale: "en" }) ?? {},
    };
  }
  throw new Error("expected a rejection");
}
