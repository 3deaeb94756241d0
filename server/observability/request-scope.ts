import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * What a request's log lines carry: its id, taken from a sane `X-Request-Id`
 * the caller (or a proxy) sent, else a new uuid, and echoed in the answer's
 * `X-Request-Id`. Kept in an AsyncLocalStorage for everything the request
 * awaits (on globalThis: Next may load this module once per route bundle).
 */
export interface RequestScope {
  requestId: string;
}

const holder = globalThis as unknown as { inmoRequestScope?: AsyncLocalStorage<RequestScope> };
const storage = (holder.inmoRequestScope ??= new AsyncLocalStorage<RequestScope>());

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFor(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given !== null && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export function inRequestScope<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
