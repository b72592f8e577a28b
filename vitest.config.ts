import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Outside Next's bundler, "server-only" throws on import; tests run server code, so use its empty build.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["{lib,app,components,scripts,sandbox,test}/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration tests share one embedded PostgreSQL; two workers keep a 2-core machine busy without thrashing.
    maxWorkers: 2,
  },
});
