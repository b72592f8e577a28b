// A crash ends the process, with its cause logged, so that whatever supervises it starts it afresh: `npm start`'s
// supervisor (supervisor.ts), a container's restart policy, or systemd (README.md, "Processes"). Node does this by itself
// only while nobody listens for 'uncaughtException' and 'unhandledRejection', and Next registers a listener for each
// in the web process that only logs (it treats them as harmless in rendering code): a real fault there — a throw in
// a callback, a rejected promise nobody awaited — left the process serving in whatever state the fault left it. Each
// of Tuma's processes calls this once at its start; its listeners end the process whatever other listeners do.
import { logger } from "@/lib/log";

let installed = false;

export function exitOnCrash(component: string): void {
  if (installed) return;
  installed = true;
  const crash = (kind: string, cause: unknown): void => {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    const line = `${component} crashed (${kind}): ${error.message}; exiting so that it is started again.`;
    try {
      // Synchronous on Linux for files and pipes (pino writes to stdout): the line is out before the exit.
      logger().fatal({ component, err: error }, line);
    } catch {
      process.stderr.write(`${line}\n${error.stack ?? ""}\n`);
    }
    process.exit(70); // EX_SOFTWARE: an internal fault, not a configuration error (those exit 1)
  };
  process.on("uncaughtException", (error) => crash("uncaught exception", error));
  process.on("unhandledRejection", (reason) => crash("unhandled rejection", reason));
}
