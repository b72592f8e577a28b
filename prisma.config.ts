// Prisma CLI configuration. The URL comes from the environment; the default (embedded) mode sets it at start-up.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/tuma" },
});
