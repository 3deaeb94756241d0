import dns from "node:dns";
import { readFileSync } from "node:fs";
import https from "node:https";
import type { LookupFunction } from "node:net";
import tls from "node:tls";
import { isForbiddenAddress } from "./address-policy";
import type { DeliverySettings } from "./settings";
import { ipLiteralOf, isAllowedTargetPort, parseTargetUrl, TargetRefusedError } from "./target-url";

/**
 * One HTTP attempt of a webhook delivery. The connection is pinned to the
 * addresses our own lookup checked (the agent's `lookup`), so a DNS answer
 * that changes between check and connect (rebinding) cannot reach a private
 * address. Redirects are never followed; the response body is read up to a
 * small bound and ignored.
 */

export const MAX_RESPONSE_BYTES = 4_096;
const MAX_ERROR_LENGTH = 500;

export interface OutgoingRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface AttemptResult {
  /** True for a 2xx answer: the receiver acknowledged. */
  ok: boolean;
  statusCode: number | null;
  /** Why the attempt failed when there is no status to tell (network, TLS, timeout, refused target), or a redirect. */
  error: string | null;
  durationMs: number;
}

export type Sender = (request: OutgoingRequest, settings: DeliverySettings) => Promise<AttemptResult>;

function guardedLookup(allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const forbidden = allowPrivateTargets ? undefined : addresses.find((entry) => isForbiddenAddress(entry.address));
      if (forbidden) return callback(new TargetRefusedError(`${hostname} resolves to a forbidden address`), "", 0);
      // Only the addresses checked here are handed to the socket: the connection is pinned to them.
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

const agents = new Map<string, https.Agent>();

/**
 * One keep-alive agent per configuration, reused across deliveries: pinned to
 * checked addresses (no private targets unless allowed), the extra CA trusted.
 * Web Push sends through it too (server/notifications/push/send-push.ts).
 */
export function agentFor(settings: DeliverySettings): https.Agent {
  const key = `${settings.allowPrivateTargets}|${settings.extraCaFile ?? ""}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new https.Agent({
      keepAlive: true,
      maxSockets: 64,
      maxFreeSockets: 64,
      lookup: guardedLookup(settings.allowPrivateTargets),
      // Without an extra CA file Node uses its bundled/system trust store; with one, both are trusted. Built once:
      // a `ca` option would be re-read into every connection's context and into the agent's pool key per request.
      secureContext: settings.extraCaFile
        ? tls.createSecureContext({ ca: [...tls.rootCertificates, readFileSync(settings.extraCaFile, "utf8")] })
        : undefined,
    });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes idle keep-alive sockets (tests and the benchmark call it when they finish). */
export function closeIdleConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

function describeError(error: unknown): string {
  if (error instanceof TargetRefusedError) return `refused target: ${error.message}`; // the one public message, no DNS detail
  const { code, message } = error as NodeJS.ErrnoException;
  const text = code && !message.includes(code) ? `${code}: ${message}` : message;
  return text.slice(0, MAX_ERROR_LENGTH);
}

export const sendHttps: Sender = (request, settings) => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  let url: URL;
  try {
    url = parseTargetUrl(request.url);
    if (!isAllowedTargetPort(url, settings)) throw new TargetRefusedError(`port ${url.port} is not 443 or 8443`);
    const literal = ipLiteralOf(url);
    // An IP literal never goes through `lookup`, so it is checked here.
    if (literal !== null && !settings.allowPrivateTargets && isForbiddenAddress(literal)) {
      throw new TargetRefusedError(`${literal} is a forbidden address`);
    }
  } catch (error) {
    return Promise.resolve({ ok: false, statusCode: null, error: describeError(error), durationMs: elapsed() });
  }

  return new Promise<AttemptResult>((resolve) => {
    let statusCode: number | null = null;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
      const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
      resolve({
        ok: ok && error === null,
        statusCode,
        error: error ?? (redirect ? `redirect not followed (HTTP ${statusCode})` : null),
        durationMs: elapsed(),
      });
    };

    const outgoing = https.request(
      url,
      {
        method: "POST",
        agent: agentFor(settings),
        headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
      },
      (response) => {
        statusCode = response.statusCode ?? null;
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          // Enough read: the body is ignored, and an endless one must not hold the worker.
          if (received > MAX_RESPONSE_BYTES) {
            response.destroy();
            finish(null);
          }
        });
        response.on("end", () => finish(null));
        response.on("error", () => finish(null)); // the status already tells the outcome
        response.on("close", () => finish(null));
      },
    );
    const timer = setTimeout(() => {
      const afterStatus = statusCode !== null;
      outgoing.destroy();
      // A 2xx whose body then stalls still acknowledged; without a status the attempt timed out.
      finish(afterStatus ? null : `timeout after ${settings.timeoutMs} ms`);
    }, settings.timeoutMs);
    outgoing.on("error", (error) => finish(describeError(error)));
    outgoing.end(request.body);
  });
};
