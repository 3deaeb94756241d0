import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOWED_WRITES, findTableWrites, scanProduct, staleAllowances, strayWrites, TABLE_OWNERS } from "./table-owners";

/**
 * The guard of "one writer per aggregate": `Lead` rows and their timeline
 * (`LeadActivity`) are written only under server/leads, `Project`/`Unit` only under server/projects, `Membership` only
 * under server/team. Anyone else calls the owner's entry point (changeLead,
 * createLead, deleteLead, unlinkLeadsFromProject, addMembership…), so a change
 * has the same timeline entries and events whichever door or screen makes it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const described = (writes: { file: string; line: number; how: string }[]) => writes.map((w) => `${w.file}:${w.line} ${w.how}`);

describe("the scanner", () => {
  const stray = `
    import type { DbTx } from "../db/client";
    // tx.lead.update({ ... }) in a comment is not a write, nor is this: /* db.unit.delete() */
    export async function sneak(tx: DbTx, db: any, ctx: any) {
      await tx.lead.findMany({ where: {} });
      await tx.leadActivity.create({ data: {} });
      await tx.lead.update({ where: { id: "x" }, data: { doNotCall: true } });
      await ctx.db
        .membership
        .create({ data: {} });
      await db["project"].deleteMany({});
      await tx.unit.upsert({ where: {}, create: {}, update: {} });
      await tx.$executeRaw\`UPDATE "Lead" SET "doNotCall" = true WHERE "id" = \${"x"}\`;
      await tx.$executeRawUnsafe('INSERT INTO public."Membership" ("id") VALUES (1)');
      await tx.$queryRaw\`SELECT 1 FROM "Lead" FOR UPDATE\`;
      await tx.$executeRaw\`UPDATE "LeadCount" SET "count" = 0\`;
      await tx.$executeRaw\`
        DELETE FROM "Unit"
        WHERE "projectId" = \${"p"}\`;
    }`;

  it("finds Prisma writes and SQL writes to owned tables, and nothing else", () => {
    const writes = findTableWrites("server/round-robin/stray.ts", stray);
    expect(writes.map((w) => [w.line, w.table, w.how])).toEqual([
      [6, "LeadActivity", "tx.leadActivity.create"],
      [7, "Lead", "tx.lead.update"],
      [8, "Membership", "ctx.db.membership.create"],
      [11, "Project", 'db["project"].deleteMany'],
      [12, "Unit", "tx.unit.upsert"],
      [13, "Lead", 'UPDATE "Lead"'],
      [14, "Membership", 'INSERT INTO public."Membership"'],
      [17, "Unit", 'DELETE FROM "Unit"'],
    ]);
  });

  it("flags a write outside its owner, allows it inside, and honours the allow-list by file and table", () => {
    expect(strayWrites(findTableWrites("server/round-robin/stray.ts", stray))).toHaveLength(8);
    const insideLeads = strayWrites(findTableWrites("server/leads/stray.ts", stray));
    expect(insideLeads.map((w) => w.table)).toEqual(["Membership", "Project", "Unit", "Membership", "Unit"]);
    const allowed = [{ file: "server/leads/stray.ts", table: "Unit" as const, reason: "fixture" }];
    expect(strayWrites(findTableWrites("server/leads/stray.ts", stray), allowed).map((w) => w.table)).toEqual(["Membership", "Project", "Membership"]);
  });

  it("fails the real tree once a stray tx.lead.update is added to a file outside server/leads", () => {
    const file = "server/round-robin/assign-lead.ts";
    const source = readFileSync(path.join(root, file), "utf8");
    const tampered = `${source}\nexport const sneak = (tx: any) => tx.lead.update({ where: { id: "x" }, data: { assignedToId: null } });\n`;
    const writes = [...scanProduct(root).filter((w) => w.file !== file), ...findTableWrites(file, tampered)];
    expect(described(strayWrites(writes))).toEqual([`${file}:${source.split("\n").length + 1} tx.lead.update`]);
  });
});

describe("the product's source", () => {
  const writes = scanProduct(root);

  it("writes Lead, Project, Unit and Membership rows only through their owners", () => {
    expect(described(strayWrites(writes))).toEqual([]);
  });

  it("has an allow-list with a reason for each entry and no entry left over from removed code", () => {
    for (const entry of ALLOWED_WRITES) expect(entry.reason.length).toBeGreaterThan(20);
    expect(staleAllowances(writes)).toEqual([]);
  });

  it("is really scanned: each owner's own writes are found", () => {
    for (const { table, owner } of TABLE_OWNERS) {
      expect(writes.some((w) => w.table === table && w.file.startsWith(owner)), table).toBe(true);
    }
  });
});
