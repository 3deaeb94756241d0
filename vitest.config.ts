import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every test file gets its own database and server, so files run in parallel.
    fileParallelism: true,
  },
});
