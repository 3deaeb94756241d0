import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";

/**
 * One owner per aggregate: the rows of these tables are written only by the
 * area that owns them, through its entry points (which record the timeline
 * and the events). Everyone else asks the owner.
 */
export const TABLE_OWNERS = [
  { table: "Lead", delegate: "lead", owner: "server/leads/" },
  { table: "LeadActivity", delegate: "leadActivity", owner: "server/leads/" },
  { table: "LeadAccess", delegate: "leadAccess", owner: "server/leads/" },
  { table: "Project", delegate: "project", owner: "server/projects/" },
  { table: "Unit", delegate: "unit", owner: "server/projects/" },
  { table: "Membership", delegate: "membership", owner: "server/team/" },
  { table: "Team", delegate: "team", owner: "server/team/" },
  { table: "TeamMember", delegate: "teamMember", owner: "server/team/" },
  { table: "AdPageConnection", delegate: "adPageConnection", owner: "server/lead-sources/" },
  { table: "AdLeadDelivery", delegate: "adLeadDelivery", owner: "server/lead-sources/" },
  { table: "LeadImport", delegate: "leadImport", owner: "server/leads/imports/" },
  { table: "LeadImportRow", delegate: "leadImportRow", owner: "server/leads/imports/" },
  { table: "UnitMatch", delegate: "unitMatch", owner: "server/matching/" },
  { table: "LeadClaimOffer", delegate: "leadClaimOffer", owner: "server/round-robin/" },
  { table: "Notification", delegate: "notification", owner: "server/notifications/" },
  { table: "PushSubscription", delegate: "pushSubscription", owner: "server/notifications/" },
  { table: "PushServerKeys", delegate: "pushServerKeys", owner: "server/notifications/" },
  { table: "MatchSendingSetting", delegate: "matchSendingSetting", owner: "server/matching/" },
  { table: "MatchSendingDefault", delegate: "matchSendingDefault", owner: "server/matching/" },
  { table: "UnitSend", delegate: "unitSend", owner: "server/matching/" },
  { table: "InstantReplySetting", delegate: "instantReplySetting", owner: "server/instant-reply/" },
  { table: "InstantReply", delegate: "instantReply", owner: "server/instant-reply/" },
  { table: "SheetLink", delegate: "sheetLink", owner: "server/sheets/" },
] as const;

export type OwnedTable = (typeof TABLE_OWNERS)[number]["table"];

/** Writes that must stay outside the owner, each with why. An entry that matches no write fails the guard (stale). */
export const ALLOWED_WRITES: { file: string; table: OwnedTable; reason: string }[] = [
  {
    file: "bench/home-widgets.ts",
    table: "Lead",
    reason: "benchmark fixture: 100,000 synthetic leads inserted with one set-based INSERT, before the measured app starts",
  },
  {
    file: "bench/home-widgets.ts",
    table: "LeadActivity",
    reason: "benchmark fixture: a year of timeline entries inserted set-based, before the measured app starts",
  },
  {
    file: "bench/support/seed-realistic-leads.ts",
    table: "Lead",
    reason: "benchmark fixture: realistic leads bulk-inserted for the search benchmarks, not a product write",
  },
  {
    file: "bench/unit-matches.ts",
    table: "Lead",
    reason: "benchmark fixture: an interest given to 100,000 bulk-inserted leads in one set-based UPDATE, before measuring",
  },
  {
    file: "bench/duplicate-check.ts",
    table: "Lead",
    reason: "benchmark fixture: the E.164 phone the app would have derived, set on 200,000 bulk-inserted leads in one UPDATE, before measuring",
  },
  {
    file: "bench/lead-import.ts",
    table: "Lead",
    reason: "benchmark baseline: the import's new rows inserted bare with one INSERT … unnest into another organization, to compare with the product's import",
  },
  {
    file: "bench/sequences.ts",
    table: "Lead",
    reason: "benchmark fixture: callable leads bulk-inserted for the sequence launch benchmark, not a product write",
  },
  {
    file: "bench/first-touch-report.ts",
    table: "Project",
    reason: "benchmark fixture: the projects the report groups by, inserted set-based before measuring",
  },
  {
    file: "bench/first-touch-report.ts",
    table: "Lead",
    reason: "benchmark fixture: a year of leads with first-touch deadlines inserted set-based before measuring the report",
  },
  {
    file: "bench/project-funnel.ts",
    table: "LeadActivity",
    reason: "benchmark fixture: sheet views, reservations and sales of the funnel's stages inserted set-based before measuring",
  },
  {
    file: "bench/roundrobin.ts",
    table: "Membership",
    reason: "benchmark fixture: working hours and an absence set on the pool's members before measuring the rotation's decision",
  },
  {
    file: "bench/notification-latency.ts",
    table: "Notification",
    reason: "benchmark fixture: a month of older notices inserted with one set-based INSERT, before the measured streams open",
  },
];

/** Where product code lives. tests/ and e2e/ seed rows directly on purpose; prisma/migrations is schema history. */
export const SCANNED_ROOTS = ["app", "bench", "components", "inngest", "lib", "scripts", "server"];

export interface TableWrite {
  file: string;
  line: number;
  table: OwnedTable;
  /** The code that writes, as found (`tx.lead.update`, `UPDATE "Lead"`). */
  how: string;
}

const WRITE_METHODS = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);
const TABLE_BY_DELEGATE = new Map<string, OwnedTable>(TABLE_OWNERS.map((owned) => [owned.delegate, owned.table]));
const OWNED_NAMES = new Set<string>(TABLE_OWNERS.map((owned) => owned.table));
/** A write statement naming a table, optionally schema-qualified; the quoted name is compared case-sensitively below. */
const SQL_WRITE = /\b(update|insert\s+into|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"(\w+)"/gi;

/** The delegate a Prisma call goes through: `x.lead` or `x["lead"]`. */
function delegateOf(node: ts.Expression): string | null {
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) return node.argumentExpression.text;
  return null;
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return null;
}

/**
 * The writes to owned tables in one file's source: Prisma delegate calls
 * (`<anything>.lead.update(…)`, every create/update/upsert/delete form) and
 * SQL in string or template literals (`UPDATE "Lead"`, `INSERT INTO "Unit"`,
 * `DELETE FROM "Membership"`, `MERGE INTO`, `TRUNCATE`). Read from the syntax
 * tree, so comments that mention a write are not writes, and a call split
 * over several lines is still one.
 */
export function findTableWrites(file: string, source: string): TableWrite[] {
  const kind = file.endsWith(".tsx") || file.endsWith(".jsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) => tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITE_METHODS.has(node.expression.name.text)) {
      const delegate = delegateOf(node.expression.expression);
      const table = delegate === null ? undefined : TABLE_BY_DELEGATE.get(delegate);
      if (table) writes.push({ file, line: lineOf(node), table, how: node.expression.getText(tree).replace(/\s+/g, "") });
    }
    const text = literalText(node);
    if (text !== null) {
      for (const match of text.matchAll(SQL_WRITE)) {
        const table = match[2]!;
        if (OWNED_NAMES.has(table)) writes.push({ file, line: lineOf(node), table: table as OwnedTable, how: match[0].replace(/\s+/g, " ") });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return writes;
}

const ownerOf = (table: OwnedTable) => TABLE_OWNERS.find((owned) => owned.table === table)!.owner;

/** Writes made outside their table's owner and not on the allow-list. */
export function strayWrites(writes: readonly TableWrite[], allowed = ALLOWED_WRITES): TableWrite[] {
  return writes.filter(
    (write) => !write.file.startsWith(ownerOf(write.table)) && !allowed.some((entry) => entry.file === write.file && entry.table === write.table),
  );
}

/** Allow-list entries that no longer match any write (so the list cannot outlive the code it excuses). */
export function staleAllowances(writes: readonly TableWrite[], allowed = ALLOWED_WRITES) {
  return allowed.filter((entry) => !writes.some((write) => write.file === entry.file && write.table === entry.table));
}

/** The source files under the scanned roots that git tracks or would track (generated and ignored files left out). */
export function productSourceFiles(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...SCANNED_ROOTS], { cwd: root, encoding: "utf8" });
  return listed.split("\n").filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(file));
}

/** Every write to an owned table in the product's source. */
export function scanProduct(root: string): TableWrite[] {
  return productSourceFiles(root).flatMap((file) => {
    let source: string;
    try {
      source = readFileSync(`${root}/${file}`, "utf8");
    } catch {
      return []; // listed by git but deleted in the working tree
    }
    return findTableWrites(file, source);
  });
}
