import type { ProcedureMeta } from "../api/trpc";
import { logger } from "../system/logger";

type StreamMeta = NonNullable<ProcedureMeta["streamsAs"]>;

/**
 * A procedure's text stream as a web body: each piece is read when the
 * client is ready for more (pull), so a slow reader slows the reads instead
 * of piling pieces up in memory; a client that goes away cancels the stream,
 * which ends the procedure's iterator (its `finally` runs). A failure after
 * the status went out cannot become an error envelope any more: it is logged
 * and the body is cut short, so the client sees an incomplete download.
 */
export function streamedBody(pieces: AsyncIterable<string>, procedure: string): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        logger.error("api.stream_failed", { procedure, error });
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/** The headers of a streamed answer: its content type, a download file name, never cached. */
export function streamedHeaders(meta: StreamMeta, headers: Headers): Headers {
  const result = new Headers(headers);
  result.set("Content-Type", `${meta.contentType}; charset=utf-8`);
  result.set("Content-Disposition", `attachment; filename="${meta.fileName}"`);
  result.set("Cache-Control", "no-store");
  return result;
}

/** OpenAPI: the success answer of a streamed operation is its content type, a string. */
export function documentStreamedAnswer(success: Record<string, unknown>, meta: StreamMeta): void {
  success.content = { [meta.contentType]: { schema: { type: "string" } } };
}
