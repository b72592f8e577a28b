// A dispatch worker in its own OS process (programs/worker.ts), for tests that kill workers or run several: started as
// `npm run worker` starts it (programs/launch.mjs: the program bundled with esbuild and run as compiled JavaScript in
// that same process, so a kill -9 hits the worker itself), so the tests run the production program, not a TypeScript
// loader's version of it.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type WorkerProcess = {
  child: ChildProcess;
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

export async function spawnWorker(env: {
  receiptBaseUrl: string;
  lanes?: number;
  timeoutSeconds?: number;
}): Promise<WorkerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-worker-"));
  const child = spawn(
    process.execPath,
    ["--liftoff-only", "--conditions=react-server", "programs/launch.mjs", "worker"],
    {
      env: {
        ...process.env,
        DATABASE_URL: process.env.DATABASE_URL,
        TUMA_ENCRYPTION_KEY: process.env.TUMA_ENCRYPTION_KEY,
        TUMA_DATA_DIR: dataDir,
        RECEIPT_BASE_URL: env.receiptBaseUrl,
        WORKER_LANES: String(env.lanes ?? 8),
        PROVIDER_TIMEOUT_SECONDS: String(env.timeoutSeconds ?? 5),
        NODE_OPTIONS: "",
        // The tests wait for the "running" line, logged at info.
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("Dispatch worker")) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`worker exited with ${code}: ${output}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    child,
    output: () => output,
    kill: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill(signal);
      }),
  };
}
