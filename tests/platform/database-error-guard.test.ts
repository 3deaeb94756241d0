import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Database errors are recognised in one place, server/errors/database-error.ts
 * (used by the renderer and by areas naming what an error means to them); a
 * Prisma error code or SQLSTATE compared anywhere else under server/ is a
 * second copy of that rule.
 */
const SERVER = path.resolve(import.meta.dirname, "..", "..", "server");
const ALLOWED = new Set(["errors/database-error.ts"]);
const SNIFFING = /["'`](P[12]\d{3}|23505|23503|40001|40P01)["'`]|PrismaClientKnownRequestError/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.endsWith(path.join("db", "generated")) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("database errors are recognised in one place", () => {
  it("no file under server/ but database-error.ts compares Prisma codes or SQLSTATEs", () => {
    const offenders = sourceFiles(SERVER)
      .filter((file) => !ALLOWED.has(path.relative(SERVER, file).split(path.sep).join("/")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, index) => (SNIFFING.test(line) ? [`${path.relative(SERVER, file)}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it("the rule recognises the hand-written checks it replaced", () => {
    expect(SNIFFING.test(`if ((error as { code?: unknown }).code === "P2002") throw accountExists();`)).toBe(true);
    expect(SNIFFING.test(`if (prisma === "P2034" || postgres === "40P01") return conflict();`)).toBe(true);
    expect(SNIFFING.test(`throw explainDatabaseError(error, { uniqueViolation: accountExists });`)).toBe(false);
  });
});
