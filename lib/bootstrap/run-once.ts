// A short-lived child of `npm start` (node programs/launch.mjs <program>) whose one answer comes back over IPC, for
// start-up work whose modules the long-lived supervisor should not keep in memory (programs/prepare-data.ts).
// A failure arrives as its sentence and is raised here as a StartupError, so `npm start` says it the same way.
import { spawn } from "node:child_process";
import path from "node:path";
import { EnvError } from "@/lib/env";
import { StartupError } from "./startup-error";

type Answer<T> = { ok: true; value: T } | { ok: false; message: string };

export function runOnce<T>(root: string, program: string, env: Record<string, string | undefined>): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--liftoff-only", "--conditions=react-server", path.join(root, "programs", "launch.mjs"), program],
      { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit", "ipc"] },
    );
    let answer: Answer<T> | undefined;
    child.on("message", (message) => (answer = message as Answer<T>));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (answer?.ok && code === 0) resolve(answer.value);
      else if (answer && !answer.ok) reject(new StartupError(answer.message));
      else reject(new StartupError(`${program} stopped (${signal ?? `exit code ${code}`}) without finishing.`));
    });
  });
}

/** The child's side: runs the work, sends its answer (or its failure's sentence), and ends the process. */
export async function answerOnce<T>(work: () => Promise<T>): Promise<void> {
  let answer: Answer<T>;
  try {
    answer = { ok: true, value: await work() };
  } catch (error) {
    const known = error instanceof StartupError || error instanceof EnvError;
    const message = known
      ? error.message
      : `an unexpected error occurred: ${error instanceof Error ? error.stack : String(error)}`;
    answer = { ok: false, message };
  }
  await new Promise<void>((sent) => process.send!(answer, () => sent()));
  process.exit(answer.ok ? 0 : 1);
}
