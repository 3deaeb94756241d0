import { defineConfig } from "prisma/config";

// The datasource URL lives here (Prisma 7), not in schema.prisma. The app itself
// never reads it from this file: server/db/connection.ts resolves the URL at run time.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/inmo" },
});
