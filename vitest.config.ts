import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Projects in two groups, run one after the other (`sequence.groupOrder`):
 * - `api`: every file that serves the app in-process (its own database and
 *   server per file), one worker per core — the files wait on PostgreSQL as
 *   much as they compute, so the cores stay busy without oversubscribing them.
 *   Its files share a module cache per worker; `api-own-modules`, in the same
 *   group, holds the few that cannot (OWN_MODULES_FILES).
 * - `processes`: the files that spawn whole app instances, the start script or
 *   the CLI (each a Node process of its own, seconds of start-up). They run
 *   after `api`, half as many at once, so they neither starve the in-process
 *   files nor time out behind them.
 * `VITEST_MAX_WORKERS` overrides the worker count (e.g. 1 on a shared machine).
 */
export const PROCESS_SPAWNING_FILES = [
  "tests/platform/start-up.test.ts",
  "tests/platform/migrations.test.ts",
  "tests/platform/ctrl-c.test.ts",
  "tests/platform/cli.test.ts",
  "tests/platform/two-instances.test.ts",
  "tests/platform/two-instances-sequences.test.ts",
  "tests/security/hardening.test.ts",
  "tests/round-robin/extensions.test.ts",
  "tests/team/accounts.test.ts",
];

/**
 * Files that take far longer than the rest, slowest first, as CI's "where the
 * test time went" list shows (scripts/ci/durations.ts; on a quiet 2-core
 * machine: the chunked-import equivalence 101 s, the tenancy walk 34 s, the
 * operation fuzzer 31 s, pacing and rotation 13–15 s each, where most files
 * take a few; the rotation's fairness properties were among them until they
 * asserted once per pool: 79 s → 5 s alone at a load of 14–17). Started first, they overlap the many short files
 * on the other worker instead of running alone at the end.
 */
export const SLOW_FILES = [
  "tests/intake/lead-import-chunked.test.ts",
  "tests/security/tenancy-walk.test.ts",
  "tests/security/fuzz-operations.test.ts",
  "tests/sequences/pacing.test.ts",
  "tests/round-robin/rotation.test.ts",
  "tests/security/visibility-walk.test.ts",
  "tests/security/role-walk.test.ts",
];

/**
 * Vitest's own order with SLOW_FILES moved to the front of their project.
 * Without a results cache (a fresh clone, as in CI) Vitest starts the largest
 * files first, and these are short files: they started last and kept one
 * worker busy for minutes after the other had finished.
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // `--sequence.shuffle` picks Vitest's random file order only when no sequencer is configured; with this one
    // it would shuffle the tests inside each file and keep the files' order, so the files are shuffled here.
    const { shuffle, seed } = this.ctx.config.sequence;
    const sorted = shuffle ? shuffled(await super.sort(files), seed) : await super.sort(files);
    const rank = (file: TestSpecification) => {
      if (shuffle) return 0;
      const index = SLOW_FILES.indexOf(path.relative(file.project.config.root, file.moduleId));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Each project keeps its place (where its first file was); inside it, SLOW_FILES first, then Vitest's order.
    const projectPlace = new Map<string, number>();
    sorted.forEach((file, order) => projectPlace.set(file.project.name, Math.min(order, projectPlace.get(file.project.name) ?? order)));
    return sorted
      .map((file, order) => ({ file, order, place: projectPlace.get(file.project.name)!, rank: rank(file) }))
      .sort((a, b) => a.place - b.place || a.rank - b.rank || a.order - b.order)
      .map(({ file }) => file);
  }
}

/** The same order for the same seed (Fisher–Yates on mulberry32), so a shuffled run that failed can be repeated. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * `api` files that need process-wide state nothing resets: a graceful
 * shutdown is one-way (readiness), a module mock replaces a module for
 * whoever imports it next (the visibility walk's own check), and the metrics'
 * counters are the process's (observability reads exact counts). They keep a
 * fresh module cache each when the others share one (VITEST_SHARE_MODULES).
 */
export const OWN_MODULES_FILES = [
  "tests/platform/readiness.test.ts",
  "tests/security/visibility-walk-catches.test.ts",
  "tests/platform/observability.test.ts",
];

/**
 * The `api` files of one worker share one module cache (`isolate: false`), so
 * the app's modules load once per worker instead of once per file;
 * tests/support/between-files.ts puts the process-wide state back after each
 * file. `VITEST_SHARE_MODULES=0` gives every file a fresh cache again, to tell
 * a leak between files from a failure of the file (docs/code-rules.md).
 */
const shareModules = process.env.VITEST_SHARE_MODULES !== "0";

const cores = availableParallelism();
const workers = Number(process.env.VITEST_MAX_WORKERS ?? cores);

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    // The app's JSON logs stay quiet in tests unless the developer asks for them (INMO_LOG=info npx vitest …).
    env: { INMO_LOG: process.env.INMO_LOG ?? "silent" },
    pool: "forks",
    // The few files that take minutes start first, not last (SlowFilesFirst).
    sequence: { sequencer: SlowFilesFirst },
    // CI's per-file import and test durations (.ci/run → scripts/ci/durations.ts).
    reporters: process.env.VITEST_JSON_REPORT ? ["default", "./tests/support/durations-reporter.ts"] : ["default"],
    // Backstops against a hang, not measures of speed: generous enough for a machine busy with other work.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // expect.poll gives up after a second by default, which a loaded machine can take for one round trip.
    expect: { poll: { timeout: 60_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/**/*.test.ts"],
          exclude: [...PROCESS_SPAWNING_FILES, ...(shareModules ? OWN_MODULES_FILES : [])],
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
          ...(shareModules ? { isolate: false, setupFiles: ["tests/support/between-files.ts"] } : {}),
        },
      },
      ...(shareModules
        ? [{ extends: true as const, test: { name: "api-own-modules", include: OWN_MODULES_FILES, maxWorkers: workers, sequence: { groupOrder: 0 } } }]
        : []),
      {
        extends: true,
        test: {
          name: "processes",
          include: PROCESS_SPAWNING_FILES,
          maxWorkers: Math.max(1, Math.floor(workers / 2)),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
