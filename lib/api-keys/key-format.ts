// An API key: "tuma_live_" and 32 random bytes (base64url). Stored only as its SHA-256: with 256 bits of randomness
// there is nothing to guess, so a slow password hash would only cost time on every request. The first characters
// are kept in the clear as the key's visible prefix, so a person can tell keys apart.
import { createHash, randomBytes } from "node:crypto";

export const KEY_MARK = "tuma_live_";
export const TEST_KEY_MARK = "tuma_test_";
export const KEY_MODES = ["live", "test"] as const;
export type KeyMode = (typeof KEY_MODES)[number];
/** Characters of the secret part shown in the prefix. */
const SHOWN = 8;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function newApiKey(mode: KeyMode = "live"): { key: string; prefix: string; hash: string } {
  const mark = mode === "test" ? TEST_KEY_MARK : KEY_MARK;
  const key = mark + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, mark.length + SHOWN), hash: hashApiKey(key) };
}

/** A test key is known by its stored prefix: no column to keep in step. */
export const isTestKeyPrefix = (prefix: string): boolean => prefix.startsWith(TEST_KEY_MARK);

/** The key in an `Authorization: Bearer …` header, or null. */
export function bearerKey(header: string | null): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}
