import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessMatrix, declaredProcedures, renderRolesDocument, type DeclaredProcedure } from "../../server/api/access-matrix";
import { isPublished } from "../../server/api/authorization";
import { appRouter } from "../../server/api/root";
import { ANY_ROLE, MANAGERS, MEMBER_ROLES, OWNERS, type MemberRole } from "../../server/auth/roles";
import { SCOPE_HOLDERS, SCOPES } from "../../server/auth/scopes";
import { expectedAccess, readRolesDocument } from "./support/roles-document";

/**
 * docs/roles.md is the matrix the role walk (role-walk.test.ts) expects. It
 * is generated from the procedures' declarations, and these checks keep the
 * three (declarations, document, walk) from drifting: the document is what
 * the code declares today, every procedure has a row, the scopes a role may
 * hold agree with what the procedures admit, and a removed declaration shows
 * up as a difference the walk would trip on.
 */
const procedures = declaredProcedures(appRouter);
const documentPath = path.resolve(import.meta.dirname, "../../docs/roles.md");

describe("docs/roles.md", () => {
  it("is what the procedures declare (run `npm run docs:roles` after changing a declaration)", () => {
    expect(readFileSync(documentPath, "utf8")).toBe(renderRolesDocument(accessMatrix(procedures)));
  });

  it("has one row per procedure of the router, and the walk reads it back row for row", () => {
    const document = readRolesDocument();
    expect(Object.keys(document.procedures).sort()).toEqual(procedures.map((p) => p.path).sort());
    expect(procedures.length).toBeGreaterThan(100);
    for (const row of accessMatrix(procedures)) expect(document.procedures[row.procedure]).toEqual(expectedAccess(row));
  });

  it("routing and sequence changes are for owners and admins; their reads, the call queue and do-not-call are for every member", () => {
    const document = readRolesDocument();
    const managersOnly = ["roundRobin.create", "roundRobin.update", "roundRobin.delete", "roundRobin.setParticipantActive", "roundRobin.addConnection", "roundRobin.deleteConnection", "roundRobin.assign", "sequences.create", "sequences.update", "sequences.delete", "sequences.launch", "sequences.pause", "sequences.resume"];
    for (const path of managersOnly) expect(document.procedures[path]?.people, path).toEqual({ owner: true, admin: true, member: false });
    for (const path of ["roundRobin.list", "roundRobin.get", "roundRobin.leadRouting", "sequences.list", "sequences.get", "sequences.callQueue", "sequences.logCallOutcome", "sequences.setDoNotCall", "usage.get"]) {
      expect(document.procedures[path]?.people, path).toEqual({ owner: true, admin: true, member: true });
    }
    expect(document.procedures["settings.privateApps.create"]?.people).toEqual({ owner: true, admin: false, member: false });
  });
});

describe("declarations", () => {
  it("every dashboard-only protected procedure declares its roles, from the three sets the refusal messages name", () => {
    const undeclared = procedures.filter((p) => p.protected && !isPublished(p.meta) && p.meta?.roles === undefined).map((p) => p.path);
    expect(undeclared).toEqual([]);
    const sets = new Set([ANY_ROLE, MANAGERS, OWNERS].map((roles) => roles.join(",")));
    const odd = procedures.filter((p) => p.meta?.roles !== undefined && !sets.has(p.meta.roles.join(","))).map((p) => p.path);
    expect(odd).toEqual([]);
  });

  it("a role holds a scope exactly when some procedure needing that scope admits the role", () => {
    expect(scopeHolderMismatches(procedures)).toEqual([]);
    for (const scope of SCOPES) expect(procedures.some((p) => p.meta?.scope === scope), `${scope} is needed by some procedure`).toBe(true);
  });

  it("a removed or widened role declaration is caught: by the document (and the walk), by the scope table, or at call time", () => {
    const changed = (path: string, roles: readonly MemberRole[] | undefined) =>
      procedures.map((p) => (p.path === path ? { ...p, meta: { ...p.meta, roles } } : p));
    // Widened to every role: the member's cell flips, so docs/roles.md is stale and the walk, which expects 403, gets through.
    const widened = accessMatrix(changed("team.members.remove", ANY_ROLE));
    expect(widened.find((row) => row.procedure === "team.members.remove")?.people.member).toBe(true);
    expect(readRolesDocument().procedures["team.members.remove"]?.people.member).toBe(false);
    expect(renderRolesDocument(widened)).not.toBe(readFileSync(documentPath, "utf8"));
    // Removed from a published write: members still cannot hold round-robin:write (refused at run time), and the scope table disagrees.
    expect(scopeHolderMismatches(changed("roundRobin.setParticipantActive", undefined))).toEqual(["member may call a round-robin:write procedure but not hold the scope"]);
    // Removed from a dashboard-only procedure: it fails closed, in the matrix as at call time.
    expect(() => accessMatrix(changed("team.members.remove", undefined))).toThrow(/declares no roles/);
  });
});

/** Where the scope table and the procedures disagree: a role admitted by a procedure whose scope it may not hold, or holding a scope no procedure admits it to. */
function scopeHolderMismatches(list: DeclaredProcedure[]): string[] {
  const mismatches: string[] = [];
  for (const scope of SCOPES) {
    for (const role of MEMBER_ROLES) {
      const admitted = list.some((p) => p.meta?.scope === scope && (p.meta.roles === undefined || p.meta.roles.includes(role)));
      const holds = SCOPE_HOLDERS[scope].includes(role);
      if (admitted && !holds) mismatches.push(`${role} may call a ${scope} procedure but not hold the scope`);
      if (holds && !admitted) mismatches.push(`${role} holds ${scope} but no procedure needing it admits ${role}`);
    }
  }
  return mismatches;
}
