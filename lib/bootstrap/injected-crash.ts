// Test-only fault injection for the crash-restart tests (programs/crash-restart.test.ts): a process reaches a point
// named here and, when the test has asked for it, fails there as a real fault would — a throw, or a promise rejected
// that nobody awaits. How it is kept out of production: it acts only when the process runs under the test runner
// (vitest sets VITEST=true in its workers, and the consoles a test starts inherit it; `npm start`, `npm run worker`
// and the image never set it) AND TUMA_TEST_CRASH_DIR names a folder, and then only once per file the test put there:
// the file is removed (an atomic claim) before the fault, so the process started again does not fail at once. Without
// both variables every call returns at once, having read nothing.
import fs from "node:fs";
import path from "node:path";

export type CrashPoint = "web-request" | "worker-chore";

const folder = process.env.VITEST === "true" ? process.env.TUMA_TEST_CRASH_DIR : undefined;

export function injectedCrash(point: CrashPoint): void {
  if (!folder) return;
  const file = path.join(folder, point);
  let how: string;
  try {
    how = fs.readFileSync(file, "utf8").trim();
    fs.unlinkSync(file); // throws if another caller claimed it first
  } catch {
    return;
  }
  const error = new Error(`injected crash at ${point} (${how}), for a test`);
  if (how === "reject") void Promise.reject(error);
  else throw error;
}
