// Password hashing: argon2id (the @node-rs/argon2 default algorithm) with its recommended parameters.
import { hash, verify } from "@node-rs/argon2";
import { randomBytes, randomInt } from "node:crypto";

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

let dummy: Promise<string> | undefined;
/**
 * A hash of a random password, made by hashPassword like every real one (same algorithm and cost), for log-ins to
 * an email with no account: verifying against it costs what a real check costs, so the answer's timing does not
 * tell which emails have accounts. Made once per process.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummy;
}

/**
 * A generated password (the first administrator's, one-time passwords): 18 characters from an alphabet without
 * look-alikes, each drawn uniformly (randomInt, not a byte modulo 54, which favours the first 40 characters).
 */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 18 }, () => alphabet[randomInt(alphabet.length)]).join("");
}
