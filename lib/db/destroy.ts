// Deleting the embedded database of a project (`npm run db:destroy`): its data directory — wherever it lives, also
// as root behind the `.data/pg` link (root-placement.ts) — its owner record and its password file. Never while a
// server runs on it.
import fs from "node:fs";
import { liveServer } from "./embedded";
import { ownerRecordPath } from "./root-placement";

export type EmbeddedFiles = {
  /** The data directory as the project names it (`.data/pg`). */
  dataDir: string;
  /** Where the data actually is: the same folder, or as root the folder the link leads to. */
  actual: string;
  /** Every path that goes, in the order they are deleted. */
  paths: string[];
};

/** The files of the embedded database in `dataDir`, or null when there is none. */
export function embeddedFiles(dataDir: string): EmbeddedFiles | null {
  const stat = fs.lstatSync(dataDir, { throwIfNoEntry: false });
  if (!stat) return null;
  let actual = dataDir;
  try {
    actual = fs.realpathSync(dataDir);
  } catch {
    // a link whose data is already gone: the link and the password file are what is left
  }
  const isLink = stat.isSymbolicLink();
  const paths = [
    ...(isLink && fs.existsSync(actual) ? [actual, ownerRecordPath(actual)] : []),
    dataDir,
    `${dataDir}.password`,
  ].filter((file) => fs.lstatSync(file, { throwIfNoEntry: false }));
  return { dataDir, actual, paths };
}

/** The pid of the server running on these files, or null. */
export function serverOn(files: EmbeddedFiles): number | null {
  return fs.existsSync(files.actual) ? (liveServer(files.actual)?.pid ?? null) : null;
}

export function destroyEmbedded(files: EmbeddedFiles): void {
  const pid = serverOn(files);
  if (pid !== null) throw new Error(`The database in ${files.dataDir} is in use (PostgreSQL, pid ${pid}).`);
  for (const file of files.paths) fs.rmSync(file, { recursive: true, force: true });
}
