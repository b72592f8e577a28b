// Secrets that the zero-configuration mode generates once and keeps in the data directory, so that sessions and
// encrypted tokens survive restarts. Explicit environment variables always win. On every start the data directory is
// made private (0700) and secrets.json readable by its owner only (0600): a mode given when a file is created does
// nothing for one that already exists — made by an older version, copied from a backup, or by hand. As root the
// embedded PostgreSQL runs as `postgres` from its own folder (lib/db/root-placement.ts) and never needs to pass
// through this one; `.data/pg` is a link that only root follows.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { newEncryptionKey } from "@/lib/crypto/secret-box";
import { StartupError } from "./startup-error";

type Secrets = { authSecret: string; encryptionKey: string; sandboxToken: string };

export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dataDir, 0o700);
    if (fs.existsSync(file)) fs.chmodSync(file, 0o600); // before it is read or rewritten
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "EPERM" && code !== "EACCES") throw error;
    throw new StartupError(
      `The data directory ${dataDir} (TUMA_DATA_DIR) cannot be made private: it belongs to another user. Give it to the user running Tuma.`,
    );
  }
  const existing: Partial<Secrets> = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Secrets>)
    : {};
  const secrets: Secrets = {
    authSecret: existing.authSecret ?? randomBytes(32).toString("base64url"),
    encryptionKey: existing.encryptionKey ?? newEncryptionKey(),
    sandboxToken: existing.sandboxToken ?? `sbx_${randomBytes(24).toString("base64url")}`,
  };
  // Written beside and renamed over: a start killed half-way never leaves a truncated file (and lost keys).
  const staging = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(staging, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  fs.chmodSync(staging, 0o600); // whatever the umask
  fs.renameSync(staging, file);
  return secrets;
}
