// Test code takes its temporary folders from mkdtemp, never a fixed path under /tmp: a fixed one is shared by every
// run and user on the machine, so two runs at once collide, and one left by root is unwritable to everyone else.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
/** Test code: the test infrastructure, browser tests, benchmarks, the developer tools (scripts/), the programs their
 * tests start (programs/: scripts/ held them when this check was written), and every test file. */
const FOLDERS = ["test", "e2e", "bench", "scripts", "programs"];
const SKIPPED = new Set(["node_modules", ".next", ".git", ".data", "generated", "test-results", "playwright-report"]);
const CODE = /\.(ts|tsx|mts|js|mjs|cjs|sh)$/;
const TEST_FILE = /\.(test|spec)\.(ts|tsx)$|^(playwright|vitest)\.config\.ts$/;
/** A quoted path that is the temporary folder or under it, in any quotes (see the first test for examples). */
const FIXED_TMP = /["'`]\/tmp(?=["'`/])/;

function* files(dir: string, all: boolean): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full, all);
    else if (CODE.test(entry.name) && (all || TEST_FILE.test(entry.name))) yield full;
  }
}

export function fixedTmpPaths(source: string): string[] {
  return source
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => FIXED_TMP.test(line))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

test("the check finds a fixed /tmp path in any quoting, and not os.tmpdir() or mkdtemp", () => {
  const tmp = ["/", "tmp"].join(""); // spelled apart, so that this file passes its own check
  expect(fixedTmpPaths(`const a = "${tmp}/tuma-x";\nconst b = '${tmp}';\nconst c = \`${tmp}/\${id}\`;`)).toHaveLength(
    3,
  );
  expect(fixedTmpPaths('fs.mkdtempSync(path.join(os.tmpdir(), "tuma-"));\n// a comment about /tmp')).toEqual([]);
});

test("no test code uses a fixed path under /tmp", () => {
  const found: string[] = [];
  const candidates = [
    ...FOLDERS.flatMap((folder) => [...files(path.join(root, folder), true)]),
    ...[...files(root, false)].filter((file) => !FOLDERS.includes(path.relative(root, file).split(path.sep)[0]!)),
  ];
  expect(candidates.length).toBeGreaterThan(50); // it looked where the tests are
  for (const file of candidates) {
    for (const hit of fixedTmpPaths(fs.readFileSync(file, "utf8"))) found.push(`${path.relative(root, file)}:${hit}`);
  }
  expect(found, "use fs.mkdtempSync(path.join(os.tmpdir(), …)) instead").toEqual([]);
});
