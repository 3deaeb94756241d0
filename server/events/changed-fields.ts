/** `{field: {from, to}}`: what an `*.updated` event says changed. */
export type ChangeSet = Record<string, { from: unknown; to: unknown }>;

/**
 * The fields whose values differ between two representations of one record
 * (the API's shape before and after a write), compared by value (JSON), so a
 * receiver learns exactly what changed without keeping a copy. `updatedAt`
 * and other bookkeeping the caller names are left out: they change on every
 * write and say nothing about it.
 */
export function changedFields(before: object, after: object, ignored: readonly string[] = ["updatedAt"]): ChangeSet {
  const changes: ChangeSet = {};
  const previous = before as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (ignored.includes(key)) continue;
    const from = previous[key] ?? null;
    const to = next[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
