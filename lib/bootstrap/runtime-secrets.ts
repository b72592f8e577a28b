// Secrets that the zero-configuration mode generates once and keeps in the data directory (mode 0600), so that
// sessions and encrypted tokens survive restarts. Explicit environment variables always win.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { newEncryptionKey } from "@/lib/crypto/secret-box";

type Secrets = { authSecret: string; encryptionKey: string; sandboxToken: string };

export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  const existing: Partial<Secrets> = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Secrets>)
    : {};
  const secrets: Secrets = {
    authSecret: existing.authSecret ?? randomBytes(32).toString("base64url"),
    encryptionKey: existing.encryptionKey ?? newEncryptionKey(),
    sandboxToken: existing.sandboxToken ?? `sbx_${randomBytes(24).toString("base64url")}`,
  };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
