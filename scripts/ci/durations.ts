/**
 * Where CI's test time went: reads the JSON reports `.ci/run` asks Vitest and
 * Playwright for (`.ci/reports/`) and prints the slowest Vitest files (with
 * Vitest's own import/tests split for the run) and the slowest browser specs
 * per project, so a slow CI names its cause in its own log.
 *
 *   npx tsx scripts/ci/durations.ts [reports-dir] [how-many]
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FileDurations } from "../../tests/support/durations-reporter";

const dir = process.argv[2] ?? ".ci/reports";
const top = Number(process.argv[3] ?? 15);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

function vitest(file: string, label: string) {
  if (!existsSync(file)) return;
  const { files } = JSON.parse(readFileSync(file, "utf8")) as { files: FileDurations[] };
  const sum = (pick: (f: FileDurations) => number) => files.reduce((total, f) => total + pick(f), 0);
  console.log(`\n${label}: ${files.length} files; worker time: import ${seconds(sum((f) => f.importMs)).trim()}, hooks and tests ${seconds(sum((f) => f.testsMs)).trim()}; slowest (import + tests):`);
  for (const f of [...files].sort((a, b) => b.importMs + b.testsMs - (a.importMs + a.testsMs)).slice(0, top)) {
    console.log(`${seconds(f.importMs + f.testsMs)}  ${f.file} [${f.project}] (import ${seconds(f.importMs).trim()}, ${f.tests} tests${f.state === "passed" ? "" : `, ${f.state}`})`);
  }
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { tests: { projectName: string; results: { duration: number }[] }[] }[];
}

function playwright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: PlaywrightSuite[]; stats?: { duration: number } };
  const bySpec = new Map<string, { ms: number; tests: number }>();
  const byProject = new Map<string, { ms: number; tests: number }>();
  const add = (map: Map<string, { ms: number; tests: number }>, key: string, ms: number) => {
    const entry = map.get(key) ?? { ms: 0, tests: 0 };
    map.set(key, { ms: entry.ms + ms, tests: entry.tests + 1 });
  };
  const walk = (suite: PlaywrightSuite, specFile: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
        add(bySpec, `${test.projectName.padEnd(7)} ${specFile}`, ms);
        add(byProject, test.projectName, ms);
      }
    for (const child of suite.suites ?? []) walk(child, child.file ?? specFile);
  };
  for (const suite of report.suites) walk(suite, suite.file ?? "?");
  const wall = report.stats?.duration;
  console.log(`\nPlaywright${wall ? ` (${seconds(wall).trim()} wall)` : ""}, test time per project:`);
  for (const [project, { ms, tests }] of byProject) console.log(`${seconds(ms)}  ${project} (${tests} tests)`);
  console.log("slowest specs:");
  for (const [spec, { ms, tests }] of [...bySpec].sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) console.log(`${seconds(ms)}  ${spec} (${tests} tests)`);
}

vitest(path.join(dir, "vitest-ci.json"), "Vitest on the CI runtime");
vitest(path.join(dir, "vitest-machine.json"), "Vitest on the machine's runtime");
playwright(path.join(dir, "playwright.json"));
