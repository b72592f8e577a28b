// A number's keyed hash (issue 38 item 5): how an erased number that must never be contacted again is remembered
// without being kept in clear, as e-mail suppression lists do: HMAC-SHA256 under a key of its own
// (lib/crypto/keyed-hash.ts), so the hash cannot be reversed by hashing every Kenyan number without the server's
// secret. The audit entry of an erasure names the number by the same hash.
import "server-only";
import { keyedHash } from "./keyed-hash";

/** The keyed hash of a number in the 254… form. */
export function numberHash(phone: string): Buffer {
  return keyedHash("tuma number hash v1", phone);
}
