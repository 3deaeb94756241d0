import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Marks, per request, whether the outbox received deliveries. The procedure
 * middleware runs the request inside a scope and, once the procedure has
 * returned (its transaction committed), nudges the delivery engine only when
 * something was queued. Domain code never has to remember to do it.
 */
interface OutboxScope {
  deliveriesQueued: boolean;
}

const storage = new AsyncLocalStorage<OutboxScope>();

export function runInOutboxScope<T>(fn: () => Promise<T>): Promise<{ result: T; deliveriesQueued: boolean }> {
  const scope: OutboxScope = { deliveriesQueued: false };
  return storage.run(scope, async () => ({ result: await fn(), deliveriesQueued: scope.deliveriesQueued }));
}

export function markDeliveriesQueued(): void {
  const scope = storage.getStore();
  if (scope) scope.deliveriesQueued = true;
}
