/**
 * How many inputs a fuzz test tries. `FUZZ_RUNS` wins when set; otherwise the
 * full count, except in CI (`CI` set), where a fifth of it (at least 10) keeps
 * the suite's time in bounds. `npm run test:fuzz` runs the fuzz files at the
 * full count (it sets `FUZZ_FULL=1`). The seed is fixed either way, so a CI
 * run tries a prefix of the inputs a full run tries.
 */
export function fuzzRuns(full: number): number {
  if (process.env.FUZZ_RUNS) return Number(process.env.FUZZ_RUNS);
  if (process.env.CI && process.env.FUZZ_FULL !== "1") return Math.max(10, Math.ceil(full / 5));
  return full;
}
