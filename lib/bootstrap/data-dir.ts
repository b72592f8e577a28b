// The data folder (TUMA_DATA_DIR: secrets, the embedded database) must be writable by whoever runs Tuma. Checked
// first, so that a folder left by another user (root's earlier run, say) or a read-only one is one sentence, not a
// stack trace from whichever file happens to be written first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { StartupError } from "./startup-error";

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOTDIR: "a file is in the way",
  ENOSPC: "no space left on the device",
};

export function assertWritableDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = fs.mkdtempSync(path.join(dataDir, ".write-test-"));
    fs.rmdirSync(probe);
  } catch (error) {
    throw unwritable(dataDir, error);
  }
  // What an earlier run left there (secrets.json, the database) must be ours to read and write too.
  for (const entry of fs.readdirSync(dataDir)) {
    try {
      fs.accessSync(path.join(dataDir, entry), fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
      throw unwritable(dataDir, error, entry);
    }
  }
}

function unwritable(dataDir: string, error: unknown, entry?: string): StartupError {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const reason = `${REASONS[code] ?? (code || String(error))}${entry ? ` on ${entry}` : ""}`;
  return new StartupError(
    `Cannot write to the data folder ${dataDir} (${reason}): make it writable by ` +
      `${os.userInfo().username}, the user running Tuma, or set TUMA_DATA_DIR to another folder.`,
  );
}
