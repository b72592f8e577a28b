// The image's web server is given the configuration its build resolved, as Next's standalone server.js gives it
// (lib/web-server/built-next-config.ts); `npm start` from a checkout (no TUMA_NEXT_CONFIG) is left to load
// next.config.mjs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, test, vi } from "vitest";
import { applyBuiltNextConfig } from "./built-next-config";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-built-config-"));
fs.mkdirSync(path.join(root, ".next"));
fs.writeFileSync(
  path.join(root, ".next", "required-server-files.json"),
  JSON.stringify({ version: 1, config: { distDir: ".next", poweredByHeader: false }, files: [] }),
);

afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

test("with TUMA_NEXT_CONFIG=build, Next is given the build's configuration, its build folder relative", () => {
  vi.stubEnv("TUMA_NEXT_CONFIG", "build");
  vi.stubEnv("__NEXT_PRIVATE_STANDALONE_CONFIG", undefined);
  applyBuiltNextConfig(root);
  expect(JSON.parse(process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ?? "null")).toEqual({
    distDir: "./.next",
    poweredByHeader: false,
  });
});

test("without it, nothing is set: Next loads next.config.mjs", () => {
  vi.stubEnv("TUMA_NEXT_CONFIG", undefined);
  vi.stubEnv("__NEXT_PRIVATE_STANDALONE_CONFIG", undefined);
  applyBuiltNextConfig(root);
  expect(process.env.__NEXT_PRIVATE_STANDALONE_CONFIG).toBeUndefined();
});
