// Data that outlived its project. As root, each data directory lives in /var/lib/tuma-pg with a link to it from its
// project (root-placement.ts); deleting the project folder deletes the link but not the data — phone numbers and
// message texts nobody can reach any more. Each start removes such data directories, saying which and why, along
// with what earlier versions and interrupted runs left there: a copy of the binaries per clone (now one per
// version, shared), staging folders of runs that died.
import fs from "node:fs";
import path from "node:path";
import { isAlive } from "./alive";
import { liveServer } from "./embedded";
import { ownerRecordPath, readOwnerRecord } from "./root-placement";

const DATA = /^data-[0-9a-f]{16}$/;
const RECORD = /^data-[0-9a-f]{16}\.json$/;
/** Copies of the binaries made per clone by earlier versions (bin-<digest>). */
const OLD_BINARIES = /^bin-[0-9a-f]{16}$/;
/** Work folders and files of a run, named after its process: `.staging-<pid>-…`, `.initdb-<pid>-…`, and older forms. */
const LEFT_BY_RUN = /^(?:\.staging-|\.initdb-|pw-)(\d+)-|^bin-[0-9a-f]{16}\.(\d+)\.tmp$|\.json\.(\d+)\.tmp$/;

export function removeOrphanedData(runtime: string, log: (line: string) => void): void {
  let names: string[];
  try {
    names = fs.readdirSync(runtime);
  } catch {
    return; // nothing was ever placed here
  }
  const unrecorded: string[] = [];
  for (const name of names) {
    try {
      sweep(runtime, name, log, unrecorded);
    } catch (error) {
      // A start-up goes on without this clean-up: it is tried again next time.
      log(`Could not remove ${path.join(runtime, name)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (unrecorded.length > 0) {
    log(
      `Kept ${unrecorded.join(", ")}: made by an earlier version, ${unrecorded.length === 1 ? "it records" : "they record"} ` +
        "no project (each gets a record when its project starts again); delete the ones you no longer need by hand.",
    );
  }
}

/** One entry of the runtime folder: removed when it is orphaned or left over, kept (and maybe said) otherwise. */
function sweep(runtime: string, name: string, log: (line: string) => void, unrecorded: string[]): void {
  const full = path.join(runtime, name);
  if (DATA.test(name)) {
    const verdict = orphanVerdict(full);
    if (verdict === "unrecorded") unrecorded.push(full);
    else if (verdict.orphan && verdict.server) {
      log(`Kept ${full} for now: ${verdict.why}, but its server (pid ${verdict.server}) is still running.`);
    } else if (verdict.orphan) {
      fs.rmSync(full, { recursive: true, force: true });
      fs.rmSync(ownerRecordPath(full), { force: true });
      log(`Removed the database ${full}: ${verdict.why}.`);
    }
  } else if (RECORD.test(name) && !fs.existsSync(path.join(runtime, name.replace(/\.json$/, "")))) {
    fs.rmSync(full, { force: true }); // the record of data removed by hand
  } else if (OLD_BINARIES.test(name) && !runFrom(full)) {
    fs.rmSync(full, { recursive: true, force: true });
    log(`Removed ${full}, a copy of the PostgreSQL binaries made by an earlier version (now one per version).`);
  } else {
    const pid = Number(LEFT_BY_RUN.exec(name)?.slice(1).find(Boolean));
    if (pid > 0 && !isAlive(pid)) fs.rmSync(full, { recursive: true, force: true });
  }
}

type Verdict = "unrecorded" | { orphan: false } | { orphan: true; why: string; server: number | null };

/**
 * A data directory is orphaned when nothing leads to it any more: its link (the project's `.data/pg`) is gone or
 * leads elsewhere. Deleting the project folder deletes the link; a data folder kept outside the project
 * (TUMA_DATA_DIR) keeps its database even when the project folder is replaced.
 */
function orphanVerdict(actual: string): Verdict {
  const record = readOwnerRecord(actual);
  if (!record) return "unrecorded";
  if (leadsTo(record.dataDir, actual)) return { orphan: false };
  const why = fs.existsSync(record.project)
    ? `${record.dataDir} no longer leads to it`
    : `its project folder ${record.project} no longer exists`;
  return { orphan: true, why, server: liveServer(actual)?.pid ?? null };
}

function leadsTo(link: string, actual: string): boolean {
  try {
    return fs.realpathSync(link) === actual;
  } catch {
    return false;
  }
}

/** Whether a running process executes a program from this folder (read from /proc: Linux only). */
function runFrom(folder: string): boolean {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/exe`).startsWith(`${folder}/`)) return true;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return false;
}
