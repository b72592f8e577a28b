// programs/launch.mjs compiles a program with esbuild's executable and becomes it; a program that does not compile
// stops with a sentence naming it and esbuild's own error, and leaves no half-written bundle behind. Run on a
// throw-away project beside this one (its own programs/, tsconfig.json, and a link to our node_modules), so the test
// never writes into the checkout's dist/.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

const project = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-launch-test-"));
fs.mkdirSync(path.join(project, "programs"));
fs.mkdirSync(path.join(project, "lib"));
fs.copyFileSync(path.join(ROOT, "programs", "launch.mjs"), path.join(project, "programs", "launch.mjs"));
fs.copyFileSync(path.join(ROOT, "tsconfig.json"), path.join(project, "tsconfig.json"));
fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(project, "node_modules"));
// One of our own modules through the "@/" alias, one package from node_modules: what every real program does.
fs.writeFileSync(
  path.join(project, "lib", "greeting.ts"),
  `export const greeting = (who: string): string => \`hello \${who}\`;\n`,
);
fs.writeFileSync(
  path.join(project, "programs", "hello.ts"),
  `import { z } from "zod";\nimport { greeting } from "@/lib/greeting";\nconsole.log(greeting(z.string().parse(process.argv[2])));\n`,
);
fs.writeFileSync(path.join(project, "programs", "broken.ts"), `const x: number = ;\n`);
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

function launch(program: string, ...args: string[]) {
  return spawnSync(process.execPath, [path.join(project, "programs", "launch.mjs"), program, ...args], {
    encoding: "utf8",
    timeout: 30_000,
  });
}

test("a program is compiled into dist/ and run with its own arguments", () => {
  const run = launch("hello", "operator");
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("hello operator\n");
  expect(run.status).toBe(0);
  expect(fs.readdirSync(path.join(project, "dist"))).toEqual(["hello.mjs"]);
});

test("a program that does not compile stops with a sentence and esbuild's error, and writes no bundle", () => {
  const run = launch("broken");
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("Tuma could not start: compiling programs/broken.ts failed.");
  expect(run.stderr).toContain('Unexpected ";"');
  expect(run.stderr).toContain("broken.ts:1");
  expect(fs.readdirSync(path.join(project, "dist")).filter((file) => file.startsWith("broken"))).toEqual([]);
});

test("a program that does not exist is refused with the usage line", () => {
  const run = launch("nowhere");
  expect(run.status).toBe(2);
  expect(run.stderr).toContain("programs/nowhere.ts does not exist");
});
