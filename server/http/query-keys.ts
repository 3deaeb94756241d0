/**
 * Query parameters named like a property every object inherits (`toString`,
 * `constructor`, `__proto__`, …) are dropped before the REST adapter reads
 * the query: it collects parameters into a plain object and would call, or
 * overwrite, the inherited member (a 500 on `?toString=1`). No published
 * input uses such a name, so dropping them changes no valid request; an
 * unknown parameter is ignored like any other.
 */
export function dropInheritedNames(params: URLSearchParams): void {
  for (const name of [...new Set(params.keys())]) {
    if (name in Object.prototype) params.delete(name);
  }
}
