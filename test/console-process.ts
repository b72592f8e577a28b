// The console as `npm start` runs it, in a child process group of its own, for the browser tests and the benchmarks:
// started against a given database, stopped with everything it started (the web server, importer and worker it
// supervises, and its sandbox thread).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { freePort } from "./free-port";
import { programOf } from "./program-of";

/** `npm start` without npm: what its script runs (package.json). */
export const START_ARGS = ["--conditions=react-server", "programs/launch.mjs", "start"];

export type ConsoleProcess = {
  /** `npm start`'s own process (the supervisor), leader of the group of every part it starts. */
  pid: number;
  port: number;
  url: string;
  /** The web server's own process (Next's request handler), for measuring it: start.ts runs it as a child. */
  webPid: () => number;
  /** The process of one of the parts start.ts supervises, by its program (programs/<name>.ts). */
  partPid: (part: "web-server" | "importer" | "worker") => number;
  /** What `npm start` printed so far (its own lines and its children's standard output). */
  output: () => string;
  /** A Ctrl-C in its terminal: SIGINT to the whole process group; resolves when `npm start` has exited. */
  interrupt: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startConsole(env: Record<string, string>): Promise<ConsoleProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, START_ARGS, {
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NODE_OPTIONS: "",
      ...env,
    },
  });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Tuma is ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The console exited during start-up (code ${code}):\n${log}`)));
  });
  child.removeAllListeners("exit");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    webPid: () => partPid(child.pid!, "web-server"),
    partPid: (part) => partPid(child.pid!, part),
    output: () => log,
    interrupt: async () => {
      process.kill(-child.pid!, "SIGINT");
      await exited;
    },
    stop: () => stopGroup(child),
  };
}

/** The process of the group led by `leader` that runs the program `part` (read from /proc: Linux only). */
function partPid(leader: number, part: string): number {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of stat is the process group; the command name (field 2) may hold spaces, so count after its ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (group !== leader) continue;
      if (programOf(fs.readFileSync(`/proc/${entry}/cmdline`, "utf8")) === part) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no ${part} process in group ${leader}`);
}

/** SIGTERM to the child's whole process group, SIGKILL after 15 s: nothing may outlive the run. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const group = -child.pid!;
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false; // already gone
    }
  };
  if (!signal("SIGTERM")) return;
  const deadline = Date.now() + 15_000;
  while (signal(0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  signal("SIGKILL");
}
