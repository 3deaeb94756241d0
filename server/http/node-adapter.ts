import type http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { wholeBodyOf } from "./whole-response";

/** A door as the app's handlers are written: a web `Request` in, a web `Response` out. */
export type WebHandler = (request: Request) => Promise<Response>;

/**
 * The web `Request` of a Node request. The body streams through as it
 * arrives (never buffered here), so the doors' own size bounds are what
 * limits it. `origin` is the scheme and host the request is addressed to.
 */
export function webRequestOf(req: http.IncomingMessage, origin = `http://${req.headers.host ?? "localhost"}`): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`${origin}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit);
}

/**
 * Writes a web `Response` to a Node response, with `extraHeaders` first (the
 * response's own win), its body piped as it comes. A body the handler refused to read (too large) is not
 * drained: the connection closes after the answer.
 */
export async function sendWebResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
  extraHeaders: readonly { key: string; value: string }[] = [],
): Promise<void> {
  res.statusCode = response.status;
  for (const { key, value } of extraHeaders) res.setHeader(key, value);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!req.complete) res.setHeader("Connection", "close");
  if (response.body === null) {
    res.end();
    return;
  }
  const whole = wholeBodyOf(response);
  if (whole !== undefined) {
    res.end(whole);
    return;
  }
  // Piped, not buffered: a streamed answer (a CSV export) goes out as it is produced, at the client's pace, and a
  // client that goes away cancels it.
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(() => undefined);
}
