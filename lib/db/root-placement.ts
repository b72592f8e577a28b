// Where the embedded PostgreSQL's files live when Tuma runs as root. PostgreSQL refuses to run as root, so the
// cluster runs as the `postgres` user — which cannot reach a project cloned into a private home folder (/root/tuma,
// mode 0700): neither the binaries in node_modules nor a data directory under .data/. So, as root, both live under
// one root-owned, world-traversable folder, /var/lib/tuma-pg: one copy of the binaries per package version, shared by
// every clone, and each data directory in a folder named after the path it was asked for, which becomes a link to it
// (so `.data/pg` still leads to the data, and the data survives restarts like any other). Next to each data directory,
// `data-….json` records the project and the link it belongs to, so that data outliving its project can be found and
// removed (orphaned-data.ts).
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { installedBinaries } from "./binaries";

export const ROOT_RUNTIME_DIR = "/var/lib/tuma-pg";

export type ServiceUser = { uid: number; gid: number };

/** What a data directory under the runtime folder belongs to: the project that made it and the link to it. */
export type OwnerRecord = { project: string; dataDir: string };

/** A system user (no home, no shell), created when missing: `postgres` for the cluster, or a test's normal user. */
export function ensureSystemUser(name: string): ServiceUser {
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  const ids = () => ({ uid: id("-u"), gid: id("-g") });
  try {
    return ids();
  } catch {
    // Two runs may create it at once: the one that loses finds the user the other made.
    const quietly = (command: string, args: string[]) => {
      try {
        execFileSync(command, args, { stdio: "ignore" });
      } catch {
        // already there (or not creatable: `ids()` below says so)
      }
    };
    quietly("groupadd", ["--system", name]);
    quietly("useradd", ["--system", "--gid", name, "--no-create-home", "--shell", "/usr/sbin/nologin", name]);
    return ids();
  }
}

export const ensurePostgresUser = (): ServiceUser => ensureSystemUser("postgres");

export function runtimeDir(): string {
  fs.mkdirSync(ROOT_RUNTIME_DIR, { recursive: true, mode: 0o755 });
  fs.chmodSync(ROOT_RUNTIME_DIR, 0o755); // traversable by postgres, writable by root only
  return ROOT_RUNTIME_DIR;
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/**
 * A copy of `source` (the binaries) the postgres user can execute, one per package version. The copy is made in a
 * staging folder and renamed into place whole, so a run never sees (or deletes) a half-made copy, and two runs
 * copying at once both end up using the one that landed first.
 */
export function reachableBinaries(source = installedBinaries(), runtime = runtimeDir()): string {
  const version = /^[\w.+-]+$/.test(source.version) ? source.version : digest(source.version);
  const target = path.join(runtime, `postgres-${version}`);
  if (fs.existsSync(target)) return target;
  const staging = fs.mkdtempSync(path.join(runtime, `.staging-${process.pid}-`));
  try {
    // Library links (libpq.so → libpq.so.5.18) are relative: copied as links they still resolve in the copy.
    fs.cpSync(source.dir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error; // else another run's copy landed first (renaming onto it fails): use it
  }
  return target;
}

/**
 * The directory the cluster's data actually lives in, for a requested data directory. An initialised one (reached
 * through a link or not) stays where it is; a new one is created under the runtime folder, owned by postgres, with
 * the requested path made a link to it. Either way its owner record is (re)written, so a data directory made before
 * records existed gets one at its next start.
 */
export function reachableDataDir(
  requested: string,
  user: ServiceUser,
  project: string,
  runtime = runtimeDir(),
): string {
  const actual = fs.existsSync(path.join(requested, "PG_VERSION"))
    ? fs.realpathSync(requested)
    : placeNew(requested, user, runtime);
  // Written last: a record always names a link that exists (orphaned-data.ts removes data whose link is gone).
  if (path.dirname(actual) === runtime) writeOwnerRecord(actual, { project, dataDir: requested });
  return actual;
}

function placeNew(requested: string, user: ServiceUser, runtime: string): string {
  const actual = path.join(runtime, `data-${digest(requested)}`);
  fs.rmSync(actual, { recursive: true, force: true }); // an unfinished initialisation
  fs.mkdirSync(actual, { mode: 0o700 });
  fs.chownSync(actual, user.uid, user.gid);
  clearWayFor(requested);
  fs.mkdirSync(path.dirname(requested), { recursive: true });
  fs.symlinkSync(actual, requested);
  return actual;
}

/** Removes what a failed first start may have left at `requested` (a link, an empty folder), never data. */
function clearWayFor(requested: string): void {
  const stat = fs.lstatSync(requested, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isSymbolicLink()) return fs.unlinkSync(requested);
  if (stat.isDirectory() && fs.readdirSync(requested).length === 0) return fs.rmdirSync(requested);
  throw new Error(`${requested} exists but holds no PostgreSQL cluster; move it away (or delete it) and start again.`);
}

export const ownerRecordPath = (actual: string): string => `${actual}.json`;

export function writeOwnerRecord(actual: string, record: OwnerRecord): void {
  const file = ownerRecordPath(actual);
  const staging = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(staging, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o644 });
  fs.renameSync(staging, file); // whole or not at all: another start may be reading it
}

/** The owner record of a data directory, or null when it has none (made by an earlier version) or it is unreadable. */
export function readOwnerRecord(actual: string): OwnerRecord | null {
  try {
    const record = JSON.parse(fs.readFileSync(ownerRecordPath(actual), "utf8")) as Partial<OwnerRecord>;
    return typeof record.project === "string" && typeof record.dataDir === "string"
      ? { project: record.project, dataDir: record.dataDir }
      : null;
  } catch {
    return null;
  }
}
