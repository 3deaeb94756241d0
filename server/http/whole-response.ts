/** The bodies of responses known whole when made (a JSON answer), by response. */
const wholeBodies = new WeakMap<Response, string>();

/**
 * A web `Response` whose body is a string known whole (a JSON answer or an
 * error). Served by the Node adapter (node-adapter.ts), it is written with
 * one `res.end`: a web stream, a Node stream and a pipeline per request were
 * a measurable share of a small answer's CPU time. Anywhere else (Next's
 * route handler) it is an ordinary `Response`.
 */
export function wholeResponse(body: string | null, init: ResponseInit): Response {
  const response = new Response(body, init);
  if (body !== null) wholeBodies.set(response, body);
  return response;
}

/** The body of a response made by `wholeResponse`, else undefined (a streamed or foreign response). */
export function wholeBodyOf(response: Response): string | undefined {
  return wholeBodies.get(response);
}
