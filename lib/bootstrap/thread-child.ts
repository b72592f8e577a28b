// A supervised part run in a worker thread of the supervisor's own process instead of a process of its own, behind
// the few members of a ChildProcess the supervisor uses (supervisor.ts). A thread costs its V8 heap and little else;
// a process also maps Node's executable again (about 45 MB resident each: BENCHMARKS.md, idle memory). What it keeps
// of a process's isolation: an uncaught exception, a rejected promise or process.exit() in the thread ends the thread
// alone ('exit' here, and the supervisor starts it again), and its heap has its own limit. What it gives up: a crash
// of native code would take the supervisor with it, so only parts written in JavaScript alone run this way (the
// sandbox provider).
//
// Stopping: SIGTERM becomes a message the thread's superviseSelf() (supervised.ts) answers by stopping cleanly;
// SIGKILL terminates the thread where it is.
import { EventEmitter } from "node:events";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { SUPERVISED_STOP } from "./supervisor-messages";

export class ThreadChild extends EventEmitter {
  exitCode: number | null = null;
  readonly signalCode: NodeJS.Signals | null = null;
  /** Threads have no process id of their own. */
  readonly pid: number | undefined = undefined;
  private readonly worker: Worker;

  /** `script` runs in the thread with `argv` after it (process.argv[2…]) and `env` as its process.env. */
  constructor(name: string, script: string, argv: string[], env: NodeJS.ProcessEnv, resourceLimits?: ResourceLimits) {
    super();
    this.worker = new Worker(script, { argv, env, ...(resourceLimits ? { resourceLimits } : {}) });
    this.worker.on("message", (message: unknown) => this.emit("message", message));
    // Without a listener, a thread's uncaught error would be thrown here, in the supervisor.
    // What a thread throws need not be an Error (`throw null`): reading .stack off it here would throw in turn.
    this.worker.on("error", (error: unknown) =>
      console.error(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
    this.worker.once("exit", (code: number) => {
      this.exitCode = code;
      this.emit("exit", code, null);
    });
  }

  kill(signal: NodeJS.Signals = "SIGTERM"): boolean {
    if (this.exitCode !== null) return false;
    if (signal === "SIGKILL") void this.worker.terminate();
    else this.worker.postMessage(SUPERVISED_STOP);
    return true;
  }
}
