// The duplicate-send guard's fingerprint of a rendered text: the first 64 bits of its MD5 (over UTF-8) as a signed
// bigint. MD5 because PostgreSQL computes the very same value (textHashSql), so a saved list's personalised texts are
// rendered and hashed inside the database in one statement instead of shipping a million rows to this process. Not a
// security measure: the guard keys on (hash, phone), so a collision would need two different texts to one number
// within the window. Server-only (node:crypto).
import "server-only";
import { createHash } from "node:crypto";

export function textHash(text: string): string {
  return createHash("md5").update(text, "utf8").digest().readBigInt64BE(0).toString();
}

/** The same hash of an SQL text expression. */
export function textHashSql(expression: string): string {
  return `('x' || left(md5(${expression}), 16))::bit(64)::bigint`;
}
