import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Docs must stay true to the code: every repository path written in
 * backticks in README.md and docs/*.md must exist. A backticked span counts
 * as a repository path when it has no spaces or placeholders (`<area>`, `*`)
 * and starts with a top-level entry git tracks (`server/…`, `docs/…`,
 * `package.json`); paths git ignores (`.data/…`, screenshots) are skipped.
 * Run by `npm run check`; exits 1 and lists the missing paths otherwise.
 */

const root = path.resolve(import.meta.dirname, "..");

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" });
}

const trackedTopLevel = new Set(
  git("ls-files")
    .split("\n")
    .filter(Boolean)
    .map((file) => file.split("/")[0]),
);

function isIgnored(relativePath: string): boolean {
  try {
    git("check-ignore", "-q", relativePath);
    return true;
  } catch {
    return false;
  }
}

const PATH_SHAPE = /^[\w.~@-]+(\/[\w.@()[\]-]+)*\/?$/;

/** Inline code spans outside fenced blocks, with their line numbers. */
function codeSpans(markdown: string): { text: string; line: number }[] {
  const spans: { text: string; line: number }[] = [];
  let fenced = false;
  markdown.split("\n").forEach((line, index) => {
    if (line.trimStart().startsWith("```")) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const [, text = ""] of line.matchAll(/`([^`]+)`/g)) spans.push({ text, line: index + 1 });
  });
  return spans;
}

export function missingDocPaths(): string[] {
  const docs = ["README.md", ...readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
  const missing: string[] = [];
  for (const doc of docs) {
    for (const { text, line } of codeSpans(readFileSync(path.join(root, doc), "utf8"))) {
      if (!PATH_SHAPE.test(text)) continue;
      const first = text.split("/")[0] ?? "";
      if (!trackedTopLevel.has(first) || (!text.includes("/") && !first.includes("."))) continue;
      const relative = text.replace(/\/$/, "");
      if (isIgnored(relative) || isIgnored(`${relative}/`)) continue;
      if (!existsSync(path.join(root, relative))) missing.push(`${doc}:${line}: \`${text}\` does not exist`);
    }
  }
  return missing;
}

const missing = missingDocPaths();
if (missing.length > 0) {
  console.error(`Docs name ${missing.length} path(s) that do not exist:\n${missing.join("\n")}`);
  process.exit(1);
}
console.log("Every backticked repository path in README.md and docs/*.md exists.");
