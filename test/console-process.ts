// The console as `npm start` runs it, in a child process group of its own, for the browser tests and the receipts
// benchmark: started against a given database, stopped with everything it started (its web server included).
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port";

export type ConsoleProcess = { port: number; url: string; stop: () => Promise<void> };

export async function startConsole(env: Record<string, string>): Promise<ConsoleProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/start.ts"], {
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
  await new Promise<void>((resolve, reject) => {
    let log = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Tuma is ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The console exited during start-up (code ${code}):\n${log}`)));
  });
  child.removeAllListeners("exit");
  child.stdout?.resume();
  return { port, url: `http://127.0.0.1:${port}`, stop: () => stopGroup(child) };
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
