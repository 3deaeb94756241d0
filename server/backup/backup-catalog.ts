import type pg from "pg";

/**
 * What a backup copies, read from PostgreSQL's catalog so a table added by a
 * later migration is included without a change here: every table of the
 * `public` schema (the bookkeeping table included), in an order where a row's
 * foreign keys point at tables loaded before it, with its copyable columns
 * (generated ones are recomputed on load), and the tables whose own triggers
 * must stay quiet while rows are loaded (they would count the rows again).
 */
export interface CatalogTable {
  name: string;
  columns: string[];
  hasUserTriggers: boolean;
}

export async function readCatalog(client: pg.ClientBase): Promise<CatalogTable[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[]; triggers: boolean }>(`
    SELECT c.relname AS name,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns,
           EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal) AS triggers
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    GROUP BY c.oid, c.relname`);
  const { rows: references } = await client.query<{ child: string; parent: string }>(`
    SELECT c.relname AS child, p.relname AS parent
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_class p ON p.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`);
  const byName = new Map(tables.map((t) => [t.name, { name: t.name, columns: t.columns, hasUserTriggers: t.triggers }]));
  const parents = new Map<string, Set<string>>([...byName.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);

  // Kahn's order, alphabetical among equals so two backups of the same data are the same file.
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  while (placed.size < byName.size) {
    const ready = [...byName.keys()].filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p))).sort();
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle; a backup cannot order them");
    for (const name of ready) {
      placed.add(name);
      ordered.push(byName.get(name)!);
    }
  }
  return ordered;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
