import { ApiError } from "../errors/api-error";

/** The largest request body either door reads (1 MB), declared or streamed. */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * Reads a request body as text while it streams, and stops reading as soon as
 * it passes `limit` bytes: the stream is cancelled (the rest is never pulled
 * off the socket) and the caller gets `400 BAD_REQUEST request.tooLarge`. A
 * declared `Content-Length` over the limit is refused before reading a byte.
 * A chunked body carries no length, so counting while reading is the only
 * bound that holds for it. Both doors call this before authentication.
 */
export async function readBoundedBody(req: Request, limit: number = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBoundedBytes(req, limit));
}

/** The same bound, keeping the exact bytes (a signature over the raw body must see them unchanged). */
export async function readBoundedBytes(req: Request, limit: number = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) throw new ApiError("BAD_REQUEST", "request.tooLarge");
  if (req.body === null) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      // Not awaited: a cancelled branch of a teed (cloned) body settles only once the other branch is done.
      void reader.cancel().catch(() => {});
      throw new ApiError("BAD_REQUEST", "request.tooLarge");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
