import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    // The app's JSON logs stay quiet in tests unless the developer asks for them (INMO_LOG=info npx vitest …).
    env: { INMO_LOG: process.env.INMO_LOG ?? "silent" },
    pool: "forks",
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every test file gets its own database and server, so files run in parallel.
    fileParallelism: true,
  },
});
