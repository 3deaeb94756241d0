import { readFileSync } from "node:fs";
import path from "node:path";
import type { AccessRow } from "../../../server/api/access-matrix";
import { MEMBER_ROLES, type MemberRole } from "../../../server/auth/roles";

/** What docs/roles.md says of one procedure: who may call it. */
export interface DocumentedAccess {
  rest: string | null;
  scope: string | null;
  people: Record<MemberRole, boolean>;
  apiKey: "scope" | "never" | "anonymous";
}

export function expectedAccess(row: AccessRow): DocumentedAccess {
  return { rest: row.rest, scope: row.scope, people: row.people, apiKey: row.apiKey };
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, "");

/**
 * docs/roles.md read back: the role walk's expectations come from the
 * document (reviewed prose), not from the declarations it tests, so a
 * declaration removed in the code is answered differently than the document says.
 */
export function readRolesDocument(): { procedures: Record<string, DocumentedAccess> } {
  const text = readFileSync(path.resolve(import.meta.dirname, "../../../docs/roles.md"), "utf8");
  const procedures: Record<string, DocumentedAccess> = {};
  const section = text.slice(text.indexOf("## Procedures"));
  for (const line of section.split("\n")) {
    const cells = line.split("|").slice(1, -1).map((cell) => cell.trim());
    if (cells.length !== 7 || !cells[0]!.startsWith("`")) continue;
    const [procedure, rest, scope, owner, admin, member, apiKey] = cells as [string, string, string, string, string, string, string];
    const people = Object.fromEntries(MEMBER_ROLES.map((role, i) => [role, [owner, admin, member][i] === "✓"])) as Record<MemberRole, boolean>;
    procedures[unquote(procedure)] = {
      rest: rest === "dashboard only" ? null : unquote(rest),
      scope: scope === "anonymous" ? null : unquote(scope),
      people,
      apiKey: apiKey === "scope" ? "scope" : apiKey === "anonymous" ? "anonymous" : "never",
    };
  }
  return { procedures };
}
