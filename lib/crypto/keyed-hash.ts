// Keyed hashes (HMAC-SHA256) for what Tuma must recognise again without keeping it in clear: an erased number that
// must never be contacted again, an API request replayed under its Idempotency-Key. Each purpose has its own key,
// derived from the process's TUMA_ENCRYPTION_KEY (lib/crypto/encryption-key.ts), so a hash cannot be reversed by
// hashing every Kenyan number (a small space) without the server's secret, nor matched across purposes.
import "server-only";
import { createHmac, type BinaryLike } from "node:crypto";

const keys = new Map<string, Buffer>();

function purposeKey(purpose: string): Buffer {
  const secret = process.env.TUMA_ENCRYPTION_KEY;
  if (!secret) throw new Error("TUMA_ENCRYPTION_KEY is not set: start Tuma with `npm start`, which provides one.");
  let key = keys.get(purpose);
  if (!key) {
    key = createHmac("sha256", secret).update(purpose).digest();
    keys.set(purpose, key);
  }
  return key;
}

/** HMAC-SHA256 of the parts, in order, under `purpose`'s key. */
export function keyedHash(purpose: string, ...parts: BinaryLike[]): Buffer {
  const hmac = createHmac("sha256", purposeKey(purpose));
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}
