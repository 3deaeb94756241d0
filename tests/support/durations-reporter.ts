import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Writes each test file's timings to `VITEST_JSON_REPORT` (CI sets it; see
 * .ci/run and scripts/ci/durations.ts): how long its import took (the module
 * and everything it loads, before a test runs) apart from its hooks and
 * tests, which Vitest's own JSON report does not split.
 */
export interface FileDurations {
  file: string;
  project: string;
  tests: number;
  state: string;
  importMs: number;
  testsMs: number;
}

export default class DurationsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const target = process.env.VITEST_JSON_REPORT;
    if (!target) return;
    const files: FileDurations[] = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      return {
        file: path.relative(process.cwd(), module.moduleId),
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        state: module.state(),
        importMs: Math.round(diagnostic.collectDuration),
        testsMs: Math.round(diagnostic.duration),
      };
    });
    writeFileSync(target, JSON.stringify({ files }, null, 1));
  }
}
