import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Tests that time arrivals at the sandbox (its 1-second windows of requests) run after all the others, one file at a
 * time: the sandbox stamps a request when its process gets the CPU, and another file's load on two cores delayed
 * stamps by up to 100 ms, bunching them into one window (README.md, "Tests").
 */
const ALONE = "**/*.alone.test.ts";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Outside Next's bundler, "server-only" throws on import; tests run server code, so use its empty build.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    environment: "node",
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/setup.ts"],
    // A test's bound only stops a hang, so it is no time a quiet machine meets (as playwright.config.ts's): the
    // million-row uploads take 20-25 s beside the browser tests and passed 60 s on a machine loaded 15 deep, where
    // the import went on after the timeout and held the upload slots the file's next tests needed. Each wait inside
    // a test waits for the thing itself.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{lib,app,components,programs,scripts,sandbox,test}/**/*.test.ts"],
          exclude: [ALONE, "**/node_modules/**"],
          // Integration tests share one embedded PostgreSQL; two workers keep a 2-core machine busy without thrashing.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "alone",
          include: [`{lib,app,components,programs,scripts,sandbox,test}/${ALONE}`],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
