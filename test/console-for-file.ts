// The built console (console-process.ts) for one test file: built before its tests when a source is newer than the
// build, started by the test in a data folder of its own, stopped and its folder removed after the file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildIfStale } from "@/lib/bootstrap/build";
import { startConsole, type ConsoleProcess } from "./console-process";
import { freePort } from "./free-port";

/** `name` names the data folder and the administrator (admin@<name>.test); the build may take `buildMs`. */
export function consoleForFile(name: string, buildMs = 15 * 60_000) {
  let running: ConsoleProcess | undefined;
  let dataDir = "";
  beforeAll(async () => {
    await buildIfStale(process.cwd());
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tuma-${name}-`));
  }, buildMs);
  afterAll(async () => {
    await running?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  /** Starts it on this database with a sandbox on a free port, logging warnings; `env` adds to that or overrides it. */
  return async (env: Record<string, string> = {}): Promise<ConsoleProcess> => {
    running = await startConsole({
      DATABASE_URL: process.env.DATABASE_URL!,
      SANDBOX_PORT: String(await freePort()),
      TUMA_DATA_DIR: dataDir,
      ADMIN_EMAIL: `admin@${name}.test`,
      LOG_LEVEL: "warn",
      ...env,
    });
    return running;
  };
}

/** The console's health check: the status it answers, or 0 when nothing answers. */
export const health = (console_: ConsoleProcess) =>
  fetch(`${console_.url}/api/health`)
    .then((response) => response.status)
    .catch(() => 0);
