import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError, readConfiguration } from "../../server/config/config";
import { ENVIRONMENT_NAMES } from "../../server/config/environment-schema";
import {
  findEnvironmentReads,
  findEnvironmentWrites,
  staleAllowances,
  strayReads,
  strayTestWrites,
  testSeamOutsideTests,
  type Finding,
} from "./environment-reads";

/**
 * One configuration module: every environment variable is read, validated
 * and defaulted in server/config, documented in the README's configuration
 * table (and nothing else is), and tests inject values instead of writing
 * process.env.
 */
const root = path.resolve(import.meta.dirname, "../..");
const described = (found: Finding[]) => found.map((f) => `${f.file}:${f.line} ${f.text}`);

/** The variable names in the first column of the README's configuration table. */
function readmeConfigurationNames(): string[] {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  return rows.flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
}

describe("the README's configuration table", () => {
  it("documents exactly the variables of server/config, each once", () => {
    const documented = readmeConfigurationNames();
    expect(documented.length).toBeGreaterThan(40);
    expect(new Set(documented).size, "a variable documented twice").toBe(documented.length);
    expect([...documented].sort()).toEqual([...ENVIRONMENT_NAMES].sort());
  });
});

describe("the scanners", () => {
  // Spelled with a placeholder so the guard does not find this file's own sample.
  const sample = [
    "// ENV.IN_A_COMMENT is not a read",
    "/* nor is ENV.IN_A_BLOCK */",
    "const port = ENV.PORT;",
    "const { A, B } = ENV;",
    'const key = ENV["SECRET"];',
    'spawn("node", [], { env: { ...ENV, EXTRA: "1" } });',
    'spawn("node", [], { env: ENV });',
    'ENV.X = "1";',
    'ENV.Y ??= "2";',
    "delete ENV.Z;",
    'Object.assign(ENV, { W: "3" });',
    'if (ENV.V === "1") {}',
  ]
    .join("\n")
    .replaceAll("ENV", ["process", "env"].join("."));
  const lineOf = (text: string) => sample.split("\n").findIndex((line) => line.includes(text)) + 1;

  it("finds reads of a variable, not the environment handed on to a child process or comments", () => {
    expect(findEnvironmentReads("server/x.ts", sample).map((f) => [f.line, f.text.replace("process.env", "ENV")])).toEqual([
      [lineOf("const port"), "ENV.PORT"],
      [lineOf("const { A, B }"), "ENV"],
      [lineOf("const key"), 'ENV["SECRET"]'],
      [lineOf(".X ="), "ENV.X"],
      [lineOf(".Y ??="), "ENV.Y"],
      [lineOf("delete"), "ENV.Z"],
      [lineOf("Object.assign"), "ENV"],
      [lineOf('.V === "1"'), "ENV.V"],
    ]);
  });

  it("finds writes: assignment, ??=, delete and Object.assign, and no comparison", () => {
    expect(findEnvironmentWrites("tests/x.test.ts", sample).map((f) => f.line)).toEqual([lineOf(".X ="), lineOf(".Y ??="), lineOf("delete"), lineOf("Object.assign")]);
  });
});

describe("reads and writes of process.env", () => {
  it("nothing in the product reads process.env outside server/config, except the listed framework files", () => {
    expect(described(strayReads(root))).toEqual([]);
  });

  it("no test, browser test or benchmark writes process.env (they call configureForTests), except the listed launcher", () => {
    expect(described(strayTestWrites(root))).toEqual([]);
  });

  it("every allowance still has its read or write", () => {
    expect(staleAllowances(root)).toEqual([]);
  });

  it("the test seam is used by tests only", () => {
    expect(described(testSeamOutsideTests(root))).toEqual([]);
  });
});

describe("validation", () => {
  it("defaults what is unset, and blank values count as unset", () => {
    const settings = readConfiguration({ PORT: "", WEBHOOK_TIMEOUT_MS: "   " });
    expect(settings).toMatchObject({ PORT: 3000, WEBHOOK_TIMEOUT_MS: 10_000, JOB_LEASE_MS: 15_000, WEBHOOK_ALLOW_PRIVATE_TARGETS: false, INMO_LOG: "info" });
    expect(settings.SMTP_URL).toBeUndefined();
  });

  it("types and trims values, and keeps keys byte for byte", () => {
    const settings = readConfiguration({ PORT: " 8080 ", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_SECRET_KEY: " key with spaces ", MAIL_FROM: " a@b.test " });
    expect(settings).toMatchObject({ PORT: 8080, WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_SECRET_KEY: " key with spaces ", MAIL_FROM: "a@b.test" });
  });

  it("a value that does not fit is refused, naming every variable at fault", () => {
    const refusal = (() => {
      try {
        readConfiguration({ PORT: "eighty", WEBHOOK_ALLOW_PRIVATE_TARGETS: "yes", JOB_LEASE_MS: "500", NEXTAUTH_URL: "crm.example" });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigurationError);
    for (const name of ["PORT", "WEBHOOK_ALLOW_PRIVATE_TARGETS", "JOB_LEASE_MS", "NEXTAUTH_URL"]) expect((refusal as Error).message).toContain(`${name}: `);
    expect(() => readConfiguration({ SMTP_URL: "https://mail.example" })).toThrow(/SMTP_URL/);
  });
});
