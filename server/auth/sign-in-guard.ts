import { ApiError } from "../errors/api-error";
import { renderError } from "../errors/render-error";
import { readBoundedBody } from "../http/bounded-body";
import { clientAddressOf } from "../http/client-address";
import { errorResponse } from "../http/error-response";
import { assertSignInAllowed, recordSignIn, TooManyAttemptsError } from "./abuse-throttle";

/** next-auth's forms are a few hundred bytes; nothing legitimate comes near this. */
const MAX_AUTH_BODY_BYTES = 16_384;

type AuthHandler<C> = (req: Request, context: C) => Promise<Response>;

/**
 * Wraps next-auth's route: POST bodies are bounded while they stream, and
 * credential sign-ins are refused before next-auth verifies a password once
 * the client address or the email has used up its failed sign-ins; next-auth's
 * answer says whether this one failed (401 `CredentialsSignin`) and only a
 * failure is counted. A throttled attempt answers 429 with
 * `Retry-After` and, for next-auth's client (`signIn(…, { redirect: false })`),
 * a `url` whose `error` is `TooManyAttempts`.
 */
export function guardSignIn<C>(handler: AuthHandler<C>): AuthHandler<C> {
  return async (req, context) => {
    if (req.method !== "POST") return handler(req, context);
    let body: string;
    try {
      body = await readBoundedBody(req.clone(), MAX_AUTH_BODY_BYTES);
    } catch (error) {
      void req.body?.cancel().catch(() => {});
      return errorResponse(renderError(error instanceof ApiError ? error : new ApiError("BAD_REQUEST", "request.malformedJson")));
    }
    if (!new URL(req.url).pathname.endsWith("/callback/credentials")) return handler(req, context);

    const who = { address: clientAddressOf(req), email: new URLSearchParams(body).get("email") ?? "" };
    try {
      await assertSignInAllowed(who);
    } catch (error) {
      if (!(error instanceof TooManyAttemptsError)) throw error;
      const rendered = renderError(error);
      const url = new URL("/login", req.url);
      url.searchParams.set("error", "TooManyAttempts");
      return new Response(JSON.stringify({ url: url.toString(), error: { message: rendered.message, code: rendered.code } }), {
        status: rendered.status,
        headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...rendered.headers },
      });
    }
    const response = await handler(req, context);
    if (response.status === 401) await recordSignIn(who, false);
    else if (response.ok) await recordSignIn(who, true);
    return response;
  };
}
