// What a child process a test started wrote, and how it ended, once it has exited.
import type { ChildProcess } from "node:child_process";

export type Finished = { code: number | null; stdout: string; stderr: string };

/** Waits for `child` to exit (given `input` on its stdin, if any) and returns its exit code and its output. */
export function finished(child: ChildProcess, input?: string): Promise<Finished> {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    if (input !== undefined) child.stdin?.end(input);
  });
}
