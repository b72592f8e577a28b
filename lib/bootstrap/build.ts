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
// A test file beside the code (`*.test.ts`, README.md "Tests") is no part of the console: editing one in place needs
// no new build (it cost a whole `next build` before every test run after a test was edited). Adding or removing one
// still changes its folder's time.
function newerThan(target: string, time: number): boolean {
  if (!fs.existsSync(target)) return false;
  const stat = fs.statSync(target);
  if (!stat.isDirectory() && target.endsWith(".test.ts")) return false;
  if (stat.mtimeMs > time) return true;
  if (!stat.isDirectory()) return false;
  return fs.readdirSync(target).some((entry) => entry !== "generated" && newerThan(path.join(target, entry), time));
}

const LOCK_STALE_MS = 60_000;
const LOCK_WAIT_MS = 15 * 60_000;

/**
 * Builds the console if it is stale, one build at a time per checkout: `npm start` and `npm test` (or two test runs)
 * started together after a change would otherwise both run `next build` into one .next folder, and the second fails
 * ("Another next build process is already running") or serves a half-written build. The lock is a folder beside
 * .next (proper-lockfile: an atomic mkdir, its time refreshed while held, so a lock left by a killed process is taken
 * over once a minute old); whoever waited finds the build fresh and goes on. `announce` runs only if this process
 * builds.
 */
export async function buildIfStale(root: string, announce: () => void = () => {}): Promise<void> {
  const lockfilePath = path.join(root, ".next-build.lock");
  // Next writes BUILD_ID part-way through a build: fresh while another process holds the lock may be half a build.
  if (!buildIsStale(root) && !(await lockfile.check(root, { lockfilePath, stale: LOCK_STALE_MS }))) return;
  const stalled = new AbortController();
  const release = await acquireLock(root, lockfilePath, (error) => stalled.abort(error));
  try {
    if (!buildIsStale(root)) return;
    announce();
    await runBuild(root, stalled.signal);
  } catch (error) {
    if (!stalled.signal.aborted) throw error;
    throw new StartupError(
      "This start stalled for over a minute while building, and another start took the build over; start again.",
    );
  } finally {
    if (!stalled.signal.aborted) await release();
  }
}

/** Waits for the lock while another process holds it; any other failure (a checkout this user cannot write) at once. */
async function acquireLock(
  root: string,
  lockfilePath: string,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  const giveUpAt = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      return await lockfile.lock(root, { lockfilePath, stale: LOCK_STALE_MS, onCompromised });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ELOCKED") {
        throw new StartupError(
          `The console must be built (its sources are newer than its build), and ${lockfilePath} could not be made: ${String((error as Error).message)}. Build it once as a user who may write ${root}.`,
        );
      }
      if (Date.now() > giveUpAt)
        throw new StartupError(
          `Another build of this checkout has held ${lockfilePath} for 15 minutes; stopped waiting.`,
        );
      if (!told) console.log("Waiting for another build of this checkout to finish…");
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

// Spawned, not spawnSync: the event loop keeps refreshing the lock's time while `next build` runs. The build stops
// with this process, or when another process has taken the lock over.
async function runBuild(root: string, signal: AbortSignal): Promise<void> {
  const startedAt = new Date();
  const child = spawn(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    signal,
  });
  const stop = () => child.kill();
  process.once("exit", stop);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (exitCode) => resolve(exitCode));
    });
    if (code !== 0) throw new StartupError("Building the console failed; the messages above say why.");
  } finally {
    process.off("exit", stop);
  }
  // The build is of the sources as they were when it started: a file saved while it ran is newer than the build, so
  // the next start builds again instead of serving what that file no longer says.
  fs.utimesSync(path.join(root, ".next", "BUILD_ID"), startedAt, startedAt);
}
