// Root's one copy of the PostgreSQL binaries per package version (root-placement.ts), in a temporary runtime folder:
// made whole and renamed into place, reused after, and shared by runs that copy at the same moment.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { reachableBinaries } from "./root-placement";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-binaries-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A stand-in for the package's native/ folder: programs, a library with its relative link, many small files. */
function fakeBinaries(files = 3): { dir: string; version: string } {
  const dir = fs.mkdtempSync(path.join(scratch, "native-"));
  fs.mkdirSync(path.join(dir, "bin"));
  fs.mkdirSync(path.join(dir, "lib"));
  fs.mkdirSync(path.join(dir, "share"));
  fs.writeFileSync(path.join(dir, "bin", "postgres"), "#!/bin/sh\n", { mode: 0o755 });
  fs.writeFileSync(path.join(dir, "lib", "libpq.so.5.18"), "lib");
  fs.symlinkSync("libpq.so.5.18", path.join(dir, "lib", "libpq.so"));
  for (let i = 0; i < files; i++) fs.writeFileSync(path.join(dir, "share", `file-${i}`), "x".repeat(4096));
  return { dir, version: "18.4.0-beta.17" };
}

test("one copy per version, made whole: programs stay executable, library links stay relative, reused after", () => {
  const runtime = fs.mkdtempSync(path.join(scratch, "runtime-"));
  const source = fakeBinaries();
  const copy = reachableBinaries(source, runtime);
  expect(copy).toBe(path.join(runtime, "postgres-18.4.0-beta.17"));
  expect(fs.statSync(path.join(copy, "bin", "postgres")).mode & 0o777).toBe(0o755);
  expect(fs.statSync(copy).mode & 0o777).toBe(0o755);
  expect(fs.readlinkSync(path.join(copy, "lib", "libpq.so"))).toBe("libpq.so.5.18");
  expect(fs.readdirSync(runtime)).toEqual(["postgres-18.4.0-beta.17"]); // no staging left behind

  // Another clone of the same version uses the same copy, untouched.
  const inode = fs.statSync(path.join(copy, "bin", "postgres")).ino;
  expect(reachableBinaries(fakeBinaries(), runtime)).toBe(copy);
  expect(fs.statSync(path.join(copy, "bin", "postgres")).ino).toBe(inode);
});

test("runs copying at the same moment all end up with the one copy that landed, and leave no staging", async () => {
  const runtime = fs.mkdtempSync(path.join(scratch, "runtime-"));
  const source = fakeBinaries(2000);
  const placement = path.resolve("lib/db/root-placement.ts");
  const copyInAnotherProcess = () =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `const { reachableBinaries } = await import(${JSON.stringify(placement)});
           process.stdout.write(reachableBinaries(${JSON.stringify(source)}, ${JSON.stringify(runtime)}));`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
    });
  const copies = await Promise.all([copyInAnotherProcess(), copyInAnotherProcess(), copyInAnotherProcess()]);
  expect(new Set(copies)).toEqual(new Set([path.join(runtime, "postgres-18.4.0-beta.17")]));
  expect(fs.readdirSync(runtime)).toEqual(["postgres-18.4.0-beta.17"]);
  expect(fs.readdirSync(path.join(runtime, "postgres-18.4.0-beta.17", "share"))).toHaveLength(2000);
});
