// `npm start` builds the console when there is no build yet or when a source file is newer than the build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { StartupError } from "./startup-error";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "prisma/schema.prisma",
];

export function buildIsStale(root: string): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const builtAt = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((source) => newerThan(path.join(root, source), builtAt));
}

// A folder's own time counts too: a file moved or deleted keeps no time of its own to compare (a rename keeps the
// file's old mtime), but the folder it left or entered changed.
function newerThan(target: string, time: number): boolean {
  if (!fs.existsSync(target)) return false;
  const stat = fs.statSync(target);
  if (stat.mtimeMs > time) return true;
  if (!stat.isDirectory()) return false;
  return fs.readdirSync(target).some((entry) => entry !== "generated" && newerThan(path.join(target, entry), time));
}

export function runBuild(root: string): void {
  const startedAt = new Date();
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) throw new StartupError("Building the console failed; the messages above say why.");
  // The build is of the sources as they were when it started: a file saved while it ran is newer than the build, so
  // the next start builds again instead of serving what that file no longer says.
  fs.utimesSync(path.join(root, ".next", "BUILD_ID"), startedAt, startedAt);
}
