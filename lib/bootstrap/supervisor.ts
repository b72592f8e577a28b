// `npm start`'s supervisor: runs Tuma's parts (importer, web, worker as child processes; the sandbox as a thread of its
// own, thread-child.ts) and keeps them running. A child that dies is logged with its cause (exit code or signal) and started again after a backoff that
// grows while it keeps dying (never past 4 s, so it is back within 5 s) and starts afresh once it ran for a while;
// the others go on. Only stop() ends them: one by one, the last started first, each with SIGTERM and a grace period
// before SIGKILL. Children say they are ready over IPC (supervised.ts) or by answering an HTTP URL.
import { spawn } from "node:child_process";
import type { ResourceLimits } from "node:worker_threads";
import { isReadyMessage } from "./supervisor-messages";
import { ThreadChild } from "./thread-child";

export type ChildSpec = {
  name: string;
  /** Arguments to this Node binary: flags and the script. For a thread: the script, then its own arguments (it runs
   * with this process's flags). */
  args: string[];
  /** Run in a worker thread of this process rather than a process of its own (thread-child.ts says when that fits). */
  thread?: boolean;
  /** A thread's heap limits (V8's defaults otherwise). */
  resourceLimits?: ResourceLimits;
  env?: Record<string, string>;
  /** Ready when it sends its IPC message (the default), or when this URL answers 2xx. */
  readyUrl?: string;
  /** How long it may take to stop after SIGTERM before it is killed. Default 10 s. */
  stopGraceMs?: number;
};

export type RestartPolicy = {
  /** The pause before the n-th restart in a row (n ≥ 1). */
  delayMs: (restarts: number) => number;
  /** A child that ran this long before dying starts the count afresh. */
  stableAfterMs: number;
};

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  delayMs: (restarts) => Math.min(250 * 2 ** (restarts - 1), 4_000),
  stableAfterMs: 30_000,
};

/** The restarts in a row, counting this one, after a child that ran `ranMs` (policy: restart count and pause). */
export function nextRestart(policy: RestartPolicy, restartsSoFar: number, ranMs: number) {
  const restarts = ranMs >= policy.stableAfterMs ? 1 : restartsSoFar + 1;
  return { restarts, delayMs: policy.delayMs(restarts) };
}

export type SupervisorOptions = {
  log: (line: string) => void;
  policy?: RestartPolicy;
  /** How long a child may take to be ready. Default 120 s (the web server's first start loads all of Next). */
  readyTimeoutMs?: number;
  cwd?: string;
};

export class Supervisor {
  private readonly children: Child[] = [];
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  /** Starts a child and keeps it running from then on. Resolves when it is ready; rejects (and gives up on it) when
   * it exits or is not ready in time on this first start — a configuration error, which restarting would not fix. */
  async start(spec: ChildSpec): Promise<void> {
    const child = new Child(spec, this.options, () => this.stopping);
    this.children.push(child);
    await child.first();
  }

  /** The process id of a running child. */
  pid(name: string): number | undefined {
    return this.children.find((child) => child.spec.name === name)?.pid();
  }

  /** Stops every child, the last started first, each before the next. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const child of [...this.children].reverse()) {
      if (await child.stop()) this.options.log(`${child.spec.name} stopped.`);
    }
  }
}

/** What the supervisor uses of a running child: a ChildProcess, or a ThreadChild, which mimics these members. */
type OnMessage = (message: unknown) => void;
type OnExit = (code: number | null, signal: NodeJS.Signals | null) => void;
type Running = {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  kill(signal: NodeJS.Signals): boolean;
  on(event: "message", listener: OnMessage): unknown;
  once(event: "exit", listener: OnExit): unknown;
  off(event: "message", listener: OnMessage): unknown;
  off(event: "exit", listener: OnExit): unknown;
};

class Child {
  private process: Running | null = null;
  private startedAt = 0;
  private restarts = 0;
  private pending: NodeJS.Timeout | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** Until its first start is ready, a death is a failed start-up, not a restart. */
  private started = false;

  constructor(
    readonly spec: ChildSpec,
    private readonly options: SupervisorOptions,
    private readonly stopping: () => boolean,
  ) {}

  pid(): number | undefined {
    return this.process?.exitCode === null && this.process.signalCode === null ? this.process.pid : undefined;
  }

  async first(): Promise<void> {
    const child = this.spawn();
    await this.ready(child).catch((error: unknown) => {
      child.kill("SIGKILL");
      throw error;
    });
  }

  private spawn(): Running {
    const env = { ...process.env, ...this.spec.env };
    const [script = "", ...argv] = this.spec.args;
    const child: Running = this.spec.thread
      ? new ThreadChild(this.spec.name, script, argv, env, this.spec.resourceLimits)
      : spawn(process.execPath, this.spec.args, {
          cwd: this.options.cwd,
          env,
          stdio: ["ignore", "inherit", "inherit", "ipc"],
        });
    this.process = child;
    this.startedAt = Date.now();
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    this.restartOnExit(child);
    return child;
  }

  /** Its death is a restart, unless the supervisor is stopping or it never started. */
  private restartOnExit(child: Running): void {
    child.once("exit", (code, signal) => {
      if (this.stopping() || !this.started) return;
      const cause = signal ? `signal ${signal}` : `exit code ${code}`;
      this.restartLater((delayMs) => `${this.spec.name} stopped (${cause}); starting it again in ${delayMs} ms.`);
    });
  }

  /** Starts it again after the policy's pause, and again after a longer one if it cannot even be created then. */
  private restartLater(say: (delayMs: number) => string): void {
    const next = nextRestart(this.options.policy ?? DEFAULT_RESTART_POLICY, this.restarts, Date.now() - this.startedAt);
    this.restarts = next.restarts;
    this.options.log(say(next.delayMs));
    this.pending = setTimeout(() => {
      this.pending = null;
      if (this.stopping()) return;
      let again: Running;
      try {
        again = this.spawn();
      } catch (error) {
        // A thread that cannot be created (new Worker() throws at once, out of memory or threads): in this timer
        // callback the throw would end the supervisor and every part with it.
        const reason = error instanceof Error ? error.message : String(error);
        this.restartLater(
          (delayMs) => `${this.spec.name} could not be started (${reason}); trying again in ${delayMs} ms.`,
        );
        return;
      }
      this.ready(again).then(
        () =>
          this.options.log(
            `${this.spec.name} is running again (${again.pid === undefined ? "a new thread" : `process ${again.pid}`}).`,
          ),
        () => {}, // it died again, or is slow: its exit says so
      );
    }, next.delayMs);
  }

  private ready(child: Running): Promise<void> {
    const timeoutMs = this.options.readyTimeoutMs ?? 120_000;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (error) return reject(error);
        // Now, not after the caller's await: Node can deliver a thread's ready message and its exit in one turn, and
        // that exit must be read as a restart (supervisor.test.ts, "dies as it says it is ready").
        this.started = true;
        resolve();
      };
      const onMessage = (message: unknown) => isReadyMessage(message) && settle();
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        settle(new Error(`${this.spec.name} exited during start-up (${signal ?? `exit code ${code}`}).`));
      const timer = setTimeout(
        () => settle(new Error(`${this.spec.name} was not ready within ${timeoutMs / 1000} s.`)),
        timeoutMs,
      );
      child.on("message", onMessage);
      child.once("exit", onExit);
      if (this.spec.readyUrl) void this.poll(this.spec.readyUrl, () => settled).then(() => settle());
    });
  }

  /** Until `url` answers 2xx (or the wait is over). */
  private async poll(url: string, over: () => boolean): Promise<void> {
    while (!over()) {
      const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** True when it was running and has now stopped. */
  async stop(): Promise<boolean> {
    if (this.pending) clearTimeout(this.pending);
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return false;
    const grace = this.spec.stopGraceMs ?? 10_000;
    child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), grace)));
    if (await Promise.race([this.exited.then(() => false), late])) {
      this.options.log(`${this.spec.name} did not stop within ${grace / 1000} s of SIGTERM; killing it.`);
      child.kill("SIGKILL");
      await this.exited;
    }
    clearTimeout(timer);
    return true;
  }
}
