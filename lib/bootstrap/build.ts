// `npm start` builds the console when there is no build yet or when a source file is newer than the build.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
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

/**
 * Builds the console if it is stale, one build at a time per checkout: `npm start` and `npm test` (or two test runs)
 * started together after a change would otherwise both run `next build` into one .next folder, and the second fails
 * ("Another next build process is already running") or serves a half-written build. The lock is a folder beside
 * .next (proper-lockfile: an atomic mkdir, its time refreshed while held, so a lock left by a killed process is taken
 * over once stale); whoever waited finds the build fresh and goes on. `announce` runs only if this process builds.
 */
export async function buildIfStale(root: string, announce: () => void = () => {}): Promise<void> {
  if (!buildIsStale(root)) return;
  const release = await lockfile.lock(root, {
    lockfilePath: path.join(root, ".next-build.lock"),
    stale: 20_000,
    // A build takes a minute or two on two cores: wait up to 15 minutes for another to finish.
    retries: { retries: 900, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  try {
    if (!buildIsStale(root)) return;
    announce();
    await runBuild(root);
  } finally {
    await release();
  }
}

// Spawned, not spawnSync: the event loop keeps refreshing the lock's time while `next build` runs.
async function runBuild(root: string): Promise<void> {
  const startedAt = new Date();
  const child = spawn(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new StartupError("Building the console failed; the messages above say why.");
  // The build is of the sources as they were when it started: a file saved while it ran is newer than the build, so
  // the next start builds again instead of serving what that file no longer says.
  fs.utimesSync(path.join(root, ".next", "BUILD_ID"), startedAt, startedAt);
}
