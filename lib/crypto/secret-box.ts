// AES-256-GCM for secrets at rest (provider tokens), bound to what they belong to.
//   v2 (written): "v2." base64url(iv) "." base64url(tag) "." base64url(ciphertext), with associated data (AAD) naming
//       the owner (lib/accounts/account-token.ts: the provider account's id), so a ciphertext copied onto another
//       row — by anyone who can write the table but has no key — no longer opens there.
//   v1 (read only, written before v2): iv.tag.ciphertext, no AAD. Opened as before and reported as `legacy`, so the
//       caller seals it again as v2 (there is no key in SQL, so a migration cannot do it).
// Either way the tag must be the full 16 bytes: GCM also verifies truncated tags (down to 4 bytes, which a forger
// can guess), and Node accepts any tag length unless told otherwise.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const V2 = "v2";

export type Opened = { plaintext: string; legacy: boolean };

export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, "base64");
    if (this.key.length !== 32) throw new Error("The encryption key must be 32 bytes.");
  }

  /** `context`: who the secret belongs to; the same context is needed to open it. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, "utf8"));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [V2, ...[iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url"))].join(".");
  }

  /** Throws when the ciphertext is malformed, was altered, or belongs to another context. */
  open(sealed: string, context: string): Opened {
    const parts = sealed.split(".");
    const legacy = parts.length === 3;
    if (!legacy && !(parts.length === 4 && parts[0] === V2)) throw new Error("Malformed ciphertext.");
    const [iv, tag, data] = parts.slice(legacy ? 0 : 1).map((part) => Buffer.from(part, "base64url"));
    if (!iv || !tag || !data || iv.length !== IV_BYTES) throw new Error("Malformed ciphertext.");
    if (tag.length !== TAG_BYTES) throw new Error(`The authentication tag must be ${TAG_BYTES} bytes.`);
    const decipher = createDecipheriv("aes-256-gcm", this.key, iv, { authTagLength: TAG_BYTES });
    if (!legacy) decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    return { plaintext: Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8"), legacy };
  }
}

export function newEncryptionKey(): string {
  return randomBytes(32).toString("base64");
}

/** What the console shows of a token: its last four characters, never more. */
export function lastFour(token: string): string {
  return token.slice(-4);
}
