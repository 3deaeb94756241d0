import { createHmac, timingSafeEqual } from "node:crypto";
import https from "node:https";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received: the signature is verified over these, never over re-serialised JSON. */
  rawBody: Buffer;
  receivedAt: number;
}

/** What the receiver answers; the default acknowledges with 200. */
export type Responder = (delivery: ReceivedDelivery, res: ServerResponse) => void | Promise<void>;

export interface TestReceiver {
  port: number;
  /** TLS connections accepted so far (keep-alive reuse shows as far fewer connections than deliveries). */
  connections(): number;
  url(path?: string): string;
  received: ReceivedDelivery[];
  respondWith(responder: Responder): void;
  /** Resolves once `count` deliveries have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export const acknowledge: Responder = (_delivery, res) => {
  res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
};

/** A local HTTPS receiver, as an integrator would run one. */
export async function startReceiver(tls: { key: string; cert: string }, port = 0): Promise<TestReceiver> {
  const received: ReceivedDelivery[] = [];
  let responder: Responder = acknowledge;
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = https.createServer({ key: tls.key, cert: tls.cert, keepAliveTimeout: 5_000 }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const delivery = { method: req.method ?? "", path: req.url ?? "/", headers: req.headers, rawBody: Buffer.concat(chunks), receivedAt: Date.now() };
    received.push(delivery);
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    try {
      await responder(delivery, res);
    } catch {
      res.destroy();
    }
  });
  let connections = 0;
  server.on("secureConnection", () => connections++);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as AddressInfo).port;

  return {
    port: listening,
    connections: () => connections,
    url: (path = "/hook") => `https://127.0.0.1:${listening}${path}`,
    received,
    respondWith: (next) => {
      responder = next;
    },
    waitFor(count, timeoutMs = 60_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} deliveries, got ${received.length}`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received)) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The check a receiver must make: HMAC-SHA256 over the raw bytes, compared in constant time. */
export function signatureIsValid(rawBody: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"), "hex");
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
