import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// semver is npm's own range grammar; it ships with the toolchain (no types of its own here).
const semver = createRequire(import.meta.url)("semver") as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null };

const root = join(__dirname, "..", "..");
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines: { node: string } };

/**
 * The packages the README names as the cause of `npm ci`'s EBADENGINE warnings
 * on the oldest Node.js `engines` allows, with why they are harmless there.
 */
const EXPECTED = [/^@scalar\//, /^@prisma\/streams-local$/];

describe("engine warnings on the oldest supported Node.js", () => {
  it("come only from the packages the README explains", () => {
    const oldest = semver.minVersion(pkg.engines.node)?.version;
    expect(oldest).toBe("20.19.0");
    const asking = Object.entries(lock.packages)
      .filter(([path, p]) => path !== "" && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest!, (p.engines as { node: string }).node))
      .map(([path]) => path.replace(/^.*node_modules\//, ""));
    expect(asking.length).toBeGreaterThan(0);
    expect(asking.filter((name) => !EXPECTED.some((pattern) => pattern.test(name)))).toEqual([]);
  });
});
