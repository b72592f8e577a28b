// The users a start-up check runs as, so that root and a normal user are held to the same sentences: this process's
// own user, and the other kind. As root, the other is a normal user (`tuma-test`, a system user created when missing)
// running a hard-linked copy of the project in a temporary folder it can reach — a clone in a private home folder
// (/root/tuma, mode 0700, how CI runs) is out of its reach. As a normal user, root cannot be had: the checks as root
// are then skipped with the reason in their names, which `npm test` prints (scripts/test.ts).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureSystemUser, type ServiceUser } from "@/lib/db/root-placement";
import { START_ARGS } from "./console-process";
import { finished } from "./finished";

export type StartResult = { code: number | null; stdout: string; stderr: string };

export type Identity = {
  /** "as root", "as a normal user (tuma-test)": the start of the checks' names. */
  label: string;
  /** The user name Tuma's sentences name. */
  username: string;
  /** Why this identity's checks cannot run on this machine, or null. */
  skipped: string | null;
  /** A new empty folder this identity owns. */
  folder: (prefix: string) => string;
  /** A new folder this identity cannot write into, or why none can be made. */
  unwritableFolder: () => { path: string } | { skipped: string };
  /** `npm start`'s script, as this identity, in a minimal environment (nothing from the shell leaks in) plus `env`. */
  start: (env: Record<string, string>) => Promise<StartResult>;
  /** Removes every folder made for this identity. */
  dispose: () => void;
};

const TEST_USER = "tuma-test";
/** Not copied for the other user: history, build output and data of the clone, none of which start-up reads. */
const NOT_COPIED = new Set([".git", ".next", ".data", "test-results", "playwright-report"]);

const isRoot = process.getuid?.() === 0;

export function identities(): Identity[] {
  return isRoot ? [self("as root"), normalUserOfRoot()] : [self("as a normal user"), skippedIdentity("as root")];
}

function self(label: string): Identity {
  const made: string[] = [];
  const immutable: string[] = [];
  const folder = (prefix: string) => remember(made, fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const home = folder("tuma-home-");
  return {
    label,
    username: os.userInfo().username,
    skipped: null,
    folder,
    unwritableFolder: () => {
      const dir = folder("tuma-unwritable-");
      if (!isRoot) {
        fs.chmodSync(dir, 0o555);
        return { path: dir };
      }
      // Root writes through every permission; an immutable folder (chattr +i) is the one it cannot write into.
      const made = spawnSync("chattr", ["+i", dir], { stdio: "ignore" });
      if (made.status !== 0) {
        return { skipped: "root writes into any folder, and chattr +i (an immutable folder) is not available here" };
      }
      immutable.push(dir);
      return { path: dir };
    },
    start: (env) => runStart(process.cwd(), { HOME: home, ...env }),
    dispose: () => {
      for (const dir of immutable) spawnSync("chattr", ["-i", dir], { stdio: "ignore" });
      removeAll(made);
    },
  };
}

function normalUserOfRoot(): Identity {
  const label = `as a normal user (${TEST_USER})`;
  let user: ServiceUser;
  try {
    user = ensureSystemUser(TEST_USER);
  } catch {
    return skippedIdentity(label, `the user ${TEST_USER} could not be created (useradd failed or is missing)`);
  }
  const made: string[] = [];
  const folder = (prefix: string) => {
    const dir = remember(made, fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
    fs.chownSync(dir, user.uid, user.gid);
    return dir;
  };
  const project = projectFor(user, made);
  if ("skipped" in project) {
    removeAll(made);
    return skippedIdentity(label, project.skipped);
  }
  const home = folder("tuma-home-");
  return {
    label,
    username: TEST_USER,
    skipped: null,
    folder,
    // Root's folder: a normal user cannot write into it.
    unwritableFolder: () => ({ path: remember(made, fs.mkdtempSync(path.join(os.tmpdir(), "tuma-roots-"))) }),
    start: (env) => runStart(project.dir, { HOME: home, TMPDIR: home, ...env }, user),
    dispose: () => removeAll(made),
  };
}

/** The project as the test user can run it: a hard-linked copy it can reach, or the clone itself if it can reach that. */
function projectFor(user: ServiceUser, made: string[]): { dir: string } | { skipped: string } {
  const copy = remember(made, fs.mkdtempSync(path.join(os.tmpdir(), "tuma-project-")));
  fs.chmodSync(copy, 0o755);
  const entries = fs.readdirSync(process.cwd()).filter((entry) => !NOT_COPIED.has(entry));
  try {
    // Hard links: a second of work instead of copying a gigabyte of node_modules; the files stay root's, read-only
    // to the test user.
    execFileSync("cp", ["-al", ...entries, copy], { cwd: process.cwd(), stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    const inPlace = canRun(user, process.cwd());
    if (inPlace === true) return { dir: process.cwd() };
    return {
      skipped: `the project cannot be linked into ${os.tmpdir()} (${String(error).split("\n")[0]}) and ${TEST_USER} cannot reach it where it is (${inPlace})`,
    };
  }
  const ready = canRun(user, copy);
  return ready === true
    ? { dir: copy }
    : { skipped: `${TEST_USER} cannot run the project's copy in ${copy} (${ready}): is ${os.tmpdir()} reachable?` };
}

/** Whether `user` can load tsx (and so the project) from `dir`: true, or what stopped it. */
function canRun(user: ServiceUser, dir: string): true | string {
  const probe = spawnSync(process.execPath, ["--input-type=module", "-e", "import.meta.resolve('tsx')"], {
    cwd: dir,
    uid: user.uid,
    gid: user.gid,
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: dir },
    encoding: "utf8",
  });
  return probe.status === 0 ? true : (probe.stderr || probe.error?.message || "").trim().split("\n")[0] || "failed";
}

function skippedIdentity(
  label: string,
  reason = "this run is not root; run the suite as root to check root too",
): Identity {
  const skip = (): never => {
    throw new Error(`${label} is skipped: ${reason}`);
  };
  return { label, username: "", skipped: reason, folder: skip, unwritableFolder: skip, start: skip, dispose: () => {} };
}

function runStart(cwd: string, env: Record<string, string>, user?: ServiceUser): Promise<StartResult> {
  const child = spawn(process.execPath, START_ARGS, {
    cwd,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", ...env },
  });
  return finished(child);
}

function remember(list: string[], dir: string): string {
  list.push(dir);
  return dir;
}

function removeAll(dirs: string[]): void {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
