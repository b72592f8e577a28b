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

function newerThan(target: string, time: number): boolean {
  if (!fs.existsSync(target)) return false;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return fs.readdirSync(target).some((entry) => entry !== "generated" && newerThan(path.join(target, entry), time));
}

export function runBuild(root: string): void {
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
}
