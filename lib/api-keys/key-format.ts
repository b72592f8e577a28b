// An API key: "tuma_live_" and 32 random bytes (base64url). Stored only as its SHA-256: with 256 bits of randomness
// there is nothing to guess, so a slow password hash would only cost time on every request. The first characters
// are kept in the clear as the key's visible prefix, so a person can tell keys apart.
import { createHash, randomBytes } from "node:crypto";

export const KEY_MARK = "tuma_live_";
/** Characters of the secret part shown in the prefix. */
const SHOWN = 8;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = KEY_MARK + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, KEY_MARK.length + SHOWN), hash: hashApiKey(key) };
}

/** The key in an `Authorization: Bearer …` header, or null. */
export function bearerKey(header: string | null): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}
