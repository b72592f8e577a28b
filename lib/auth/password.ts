// Password hashing: argon2id (the @node-rs/argon2 default algorithm) with its recommended parameters.
import { hash, verify } from "@node-rs/argon2";
import { randomBytes } from "node:crypto";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

/** A password for the first administrator: 18 characters from an alphabet without look-alikes. */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
  return Array.from(randomBytes(18), (byte) => alphabet[byte % alphabet.length]).join("");
}
