import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * Scanners for the configuration guard (configuration.test.ts): reads of
 * `process.env` in the product outside `server/config/`, and writes to it in
 * the tests.
 */

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Product code: what runs in the app, the CLI and `npm start`. tests/, e2e/ and bench/ are harnesses with their own knobs. */
const PRODUCT_ROOTS = ["app", "server", "lib", "components", "inngest", "scripts", "instrumentation.ts", "next.config.ts", "prisma.config.ts", "proxy.ts", "middleware.ts"];
const CONFIG_MODULE = "server/config/";

/**
 * Files that must read the environment themselves, each with its reason.
 * Libraries that read their own variables (Next: NODE_ENV, PORT,
 * NEXT_MANUAL_SIG_HANDLE; next-auth: NEXTAUTH_URL; the Inngest SDK:
 * INNGEST_*) do so inside node_modules and are not listed.
 */
export const ALLOWED_READS: { file: string; reason: string }[] = [
  {
    file: "instrumentation.ts",
    reason: "Next replaces `process.env.NEXT_RUNTIME` at build time per runtime, which is what keeps the Node-only imports out of the edge bundle; NEXT_PHASE tells the build apart. Both are set by Next, never by an operator.",
  },
  {
    file: "next.config.ts",
    reason: "Next loads this file for `next build`/`next dev` after setting NODE_ENV itself; the running server's configuration is not this process's. CI (set by .ci/run and by CI services) only turns off the build cache a fresh clone throws away.",
  },
  {
    file: "prisma.config.ts",
    reason: "Read by the Prisma CLI only (`prisma migrate …` where its engines can be downloaded); the app resolves its database in server/db/connection.ts.",
  },
  {
    file: "server/http/openapi-guide.ts",
    reason: "Sample code in the API guide for integrators, reading their own variable; not a read of ours.",
  },
  {
    file: "scripts/lighthouse.ts",
    reason: "A developer tool's own knobs (LIGHTHOUSE_URL, LIGHTHOUSE_DEBUGGING_PORT, docs/ui.md), not settings of inmo.",
  },
];

/** Test code that composes an environment for a process it starts, as a shell would. */
export const ALLOWED_TEST_WRITES: { file: string; reason: string }[] = [
  {
    file: "e2e/support/serve-app.ts",
    reason: "The browser tests' launcher: it sets the environment `npm start` (imported next) hands to the Next server it spawns, like `export` in a shell; no test runs in that process.",
  },
];

function listed(root: string, roots: string[]): string[] {
  const output = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...roots], { cwd: root, encoding: "utf8" });
  return output.split("\n").filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(file));
}

function read(root: string, file: string): string {
  try {
    return readFileSync(`${root}/${file}`, "utf8");
  } catch {
    return ""; // listed by git but deleted in the working tree
  }
}

/** Blanks out block comments and whole-line `//` comments, keeping line numbers. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .replace(/^\s*\/\/.*$/gm, "");
}

function findings(file: string, source: string, pattern: RegExp): Finding[] {
  const result: Finding[] = [];
  withoutComments(source)
    .split("\n")
    .forEach((text, index) => {
      for (const match of text.matchAll(pattern)) result.push({ file, line: index + 1, text: match[0] });
    });
  return result;
}

/**
 * Reads of a variable: `process.env.X`, `process.env[x]`, destructuring
 * `… = process.env`. Handing the whole environment on to a child process
 * (`...process.env`, `env: process.env`) reads nothing and is not reported.
 */
export function findEnvironmentReads(file: string, source: string): Finding[] {
  return findings(file, source, /(?<!\.\.\.)(?<!env:\s*)\bprocess\.env\b(?:\s*(?:\.\s*\w+|\[[^\]]*\]))?/g);
}

/** Writes: assignment (`=`, `??=`, `||=`), `delete`, `Object.assign(process.env, …)`. */
export function findEnvironmentWrites(file: string, source: string): Finding[] {
  return findings(
    file,
    source,
    /delete\s+process\.env\b[^;]*|Object\.assign\(\s*process\.env\b|\bprocess\.env\s*(?:\.\s*\w+|\[[^\]]*\])\s*(?:\?\?|\|\||&&)?=(?!=)/g,
  );
}

export function strayReads(root: string): Finding[] {
  const allowed = new Set(ALLOWED_READS.map((entry) => entry.file));
  return listed(root, PRODUCT_ROOTS)
    .filter((file) => !file.startsWith(CONFIG_MODULE) && !allowed.has(file))
    .flatMap((file) => findEnvironmentReads(file, read(root, file)));
}

export function strayTestWrites(root: string): Finding[] {
  const allowed = new Set(ALLOWED_TEST_WRITES.map((entry) => entry.file));
  return listed(root, ["tests", "e2e", "bench", "vitest.config.ts", "playwright.config.ts"])
    .filter((file) => !allowed.has(file))
    .flatMap((file) => findEnvironmentWrites(file, read(root, file)));
}

/** Allowed files that no longer read (or write) the environment: the allow-list must not outlive its reason. */
export function staleAllowances(root: string): string[] {
  const reads = ALLOWED_READS.filter((entry) => findEnvironmentReads(entry.file, read(root, entry.file)).length === 0);
  const writes = ALLOWED_TEST_WRITES.filter((entry) => findEnvironmentWrites(entry.file, read(root, entry.file)).length === 0);
  return [...reads, ...writes].map((entry) => entry.file);
}

/** Files outside tests/ (and the config module) that use the test seam of the configuration. */
export function testSeamOutsideTests(root: string): Finding[] {
  return listed(root, PRODUCT_ROOTS)
    .filter((file) => !file.startsWith(CONFIG_MODULE))
    .flatMap((file) => findings(file, read(root, file), /\b(?:configureForTests|clearTestConfiguration)\b/g));
}
