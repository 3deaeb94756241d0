import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";

/**
 * A transaction holds one connection, yet Prisma's query interpreter sends a
 * statement's independent reads at once (the relations of an `include`, e.g.
 * after `tx.lead.create({ include })`). `pg` queues them on the client and
 * warns that this will stop working in pg 9 ("Calling client.query() when the
 * client is already executing a query"). This wrapper does the queueing
 * itself: a transaction's statements go to its connection one after another,
 * in the order they were sent. Outside transactions each query has its own
 * pooled connection and is left alone.
 */
function serialised(tx: Transaction): Transaction {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => inTurn(() => method.apply(target, args));
    },
  });
}

function withSerialTransactions(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      if (property === "startTransaction") {
        return async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => serialised(await target.startTransaction(...args));
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function serialTransactions<F extends SqlDriverAdapterFactory>(factory: F): F {
  return new Proxy(factory, {
    get(target, property, receiver) {
      if (property === "connect") return async () => withSerialTransactions(await target.connect());
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
