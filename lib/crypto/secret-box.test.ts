// The sealed-secret format: bound to its context (associated data), a full 16-byte tag required, and ciphertexts of
// the earlier format (v1: no associated data) still opened — and reported, so that they are sealed again.
import { createCipheriv, randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { newEncryptionKey, SecretBox } from "./secret-box";

const key = newEncryptionKey();
const box = new SecretBox(key);

/** A ciphertext as the code before v2 wrote it: iv.tag.data, no associated data. */
function sealV1(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(key, "base64"), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url")).join(".");
}

test("a v2 ciphertext opens only in the context it was sealed for", () => {
  const sealed = box.seal("tok_secret", "provider-account:a");
  expect(sealed).toMatch(/^v2\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
  expect(sealed).not.toContain("tok_secret");
  expect(box.open(sealed, "provider-account:a")).toEqual({ plaintext: "tok_secret", legacy: false });
  expect(() => box.open(sealed, "provider-account:b")).toThrow(/unable to authenticate/i);
});

test("a v1 ciphertext still opens, in any context, and is reported as legacy", () => {
  const old = sealV1("tok_old");
  expect(box.open(old, "provider-account:a")).toEqual({ plaintext: "tok_old", legacy: true });
});

test("a tag cut short is refused, in either format (GCM alone would check only the bytes given)", () => {
  const cut = (sealed: string, keep: number) => {
    const parts = sealed.split(".");
    const tagAt = parts.length - 2;
    parts[tagAt] = Buffer.from(parts[tagAt]!, "base64url").subarray(0, keep).toString("base64url");
    return parts.join(".");
  };
  for (const bytes of [4, 8, 12, 15]) {
    expect(() => box.open(cut(sealV1("tok_old"), bytes), "x")).toThrow("The authentication tag must be 16 bytes.");
    expect(() => box.open(cut(box.seal("tok", "x"), bytes), "x")).toThrow("The authentication tag must be 16 bytes.");
  }
});

test("anything else is malformed", () => {
  for (const text of ["", "a.b", "v3.a.b.c", "v2.a.b", "a.b.c.d.e"])
    expect(() => box.open(text, "x"), text).toThrow("Malformed ciphertext.");
});
