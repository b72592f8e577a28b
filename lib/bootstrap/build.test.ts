// When `npm start` and the test runner build the console again: a source newer than the build, including a file that
// was only moved (it keeps its old time; the folder it entered does not); and never two builds at once in one
// checkout.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { buildIfStale, buildIsStale } from "./build";

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

test("an edited test file beside the sources leaves the build current; an edited source beside it does not", () => {
  const root = builtProject();
  const folder = path.join(root, "app", "api", "old");
  const hourAgo = new Date(Date.now() - 3_600_000);
  fs.writeFileSync(path.join(folder, "route.test.ts"), "export {};\n");
  fs.utimesSync(path.join(folder, "route.test.ts"), hourAgo, hourAgo);
  fs.utimesSync(folder, hourAgo, hourAgo);
  expect(buildIsStale(root)).toBe(false);
  fs.writeFileSync(path.join(folder, "route.test.ts"), "export const edited = 1;\n");
  expect(buildIsStale(root)).toBe(false);
  fs.writeFileSync(path.join(folder, "route.ts"), "export const changed = 1;\n");
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

/** A stale project whose `next build` is a script: it notes each run, takes 1.5 s, then writes the build. */
function staleProjectWithSlowBuild(): string {
  const root = builtProject();
  fs.rmSync(path.join(root, ".next", "BUILD_ID"));
  const bin = path.join(root, "node_modules", "next", "dist", "bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(
    path.join(bin, "next"),
    `const fs = require("node:fs");
     fs.appendFileSync("builds.log", "build\\n");
     setTimeout(() => fs.writeFileSync(".next/BUILD_ID", "y"), 1500);`,
  );
  return root;
}

test("two starts at once in one checkout build once: the second waits for the first, then finds the build fresh", async () => {
  const root = staleProjectWithSlowBuild();
  const announced: string[] = [];
  await Promise.all([
    buildIfStale(root, () => announced.push("first")),
    buildIfStale(root, () => announced.push("second")),
  ]);
  expect(fs.readFileSync(path.join(root, "builds.log"), "utf8")).toBe("build\n");
  expect(announced).toHaveLength(1);
  expect(buildIsStale(root)).toBe(false);
  expect(fs.existsSync(path.join(root, ".next-build.lock"))).toBe(false);
});

test("a lock left by a killed build is taken over once stale", async () => {
  const root = staleProjectWithSlowBuild();
  const lock = path.join(root, ".next-build.lock");
  fs.mkdirSync(lock);
  const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
  fs.utimesSync(lock, fiveMinutesAgo, fiveMinutesAgo);
  await buildIfStale(root);
  expect(fs.readFileSync(path.join(root, "builds.log"), "utf8")).toBe("build\n");
  expect(buildIsStale(root)).toBe(false);
});

test("a fresh build while another process holds the lock is waited for (Next writes BUILD_ID before it has finished)", async () => {
  const root = builtProject();
  const lock = path.join(root, ".next-build.lock");
  fs.mkdirSync(lock);
  let released = false;
  setTimeout(() => {
    fs.rmSync(lock, { recursive: true });
    released = true;
  }, 1_500);
  await buildIfStale(root);
  expect(released).toBe(true);
  expect(fs.existsSync(path.join(root, "builds.log"))).toBe(false);
});

test("a lock that cannot be made fails at once with a sentence, instead of waiting", async () => {
  const root = path.join(builtProject(), "not-there");
  await expect(buildIfStale(root)).rejects.toThrow(/could not be made: .*Build it once as a user who may write/);
});
