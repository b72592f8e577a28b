// When `npm start` and the test runner build the console again: a source newer than the build, including a file that
// was only moved (it keeps its old time; the folder it entered does not).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { buildIsStale } from "./build";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A project whose build is newer than every source (all sources dated an hour before it). */
function builtProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-build-"));
  roots.push(root);
  const hourAgo = new Date(Date.now() - 3_600_000);
  const built = new Date(Date.now() - 60_000);
  fs.mkdirSync(path.join(root, "app", "api", "old"), { recursive: true });
  fs.writeFileSync(path.join(root, "app", "api", "old", "route.ts"), "export {};\n");
  fs.mkdirSync(path.join(root, ".next"));
  fs.writeFileSync(path.join(root, ".next", "BUILD_ID"), "x");
  for (const p of ["app/api/old/route.ts", "app/api/old", "app/api", "app"])
    fs.utimesSync(path.join(root, p), hourAgo, hourAgo);
  fs.utimesSync(path.join(root, ".next", "BUILD_ID"), built, built);
  return root;
}

test("a build newer than every source is current; no build at all is stale", () => {
  const root = builtProject();
  expect(buildIsStale(root)).toBe(false);
  fs.rmSync(path.join(root, ".next", "BUILD_ID"));
  expect(buildIsStale(root)).toBe(true);
});

test("an edited source makes the build stale", () => {
  const root = builtProject();
  fs.writeFileSync(path.join(root, "app", "api", "old", "route.ts"), "export const changed = 1;\n");
  expect(buildIsStale(root)).toBe(true);
});

test("a source moved to another folder makes the build stale, though the file keeps its old time", () => {
  const root = builtProject();
  fs.mkdirSync(path.join(root, "app", "api", "new"));
  fs.renameSync(path.join(root, "app", "api", "old", "route.ts"), path.join(root, "app", "api", "new", "route.ts"));
  expect(fs.statSync(path.join(root, "app", "api", "new", "route.ts")).mtimeMs).toBeLessThan(
    fs.statSync(path.join(root, ".next", "BUILD_ID")).mtimeMs,
  );
  expect(buildIsStale(root)).toBe(true);
});
