// A number's keyed hash (issue 38 item 5): how an erased number that must never be contacted again is remembered
// without being kept in clear, as e-mail suppression lists do. HMAC-SHA256 under a key derived from the process's
// TUMA_ENCRYPTION_KEY (lib/crypto/encryption-key.ts) for this one purpose, so the hash cannot be reversed by hashing
// every Kenyan number without the server's secret. The audit entry of an erasure names the number by the same hash.
import "server-only";
import { createHmac } from "node:crypto";

let key: Buffer | undefined;

function hashKey(): Buffer {
  const secret = process.env.TUMA_ENCRYPTION_KEY;
  if (!secret) throw new Error("TUMA_ENCRYPTION_KEY is not set: start Tuma with `npm start`, which provides one.");
  key ??= createHmac("sha256", secret).update("tuma number hash v1").digest();
  return key;
}

/** The keyed hash of a number in the 254… form. */
export function numberHash(phone: string): Buffer {
  return createHmac("sha256", hashKey()).update(phone).digest();
}
