// Passwords from breaches and lists of the most used ones are refused (ASVS 2.1.7; docs/design.md §3), offline: the
// list is the 49,233 most common passwords that the zxcvbn-ts project ships as a package (@zxcvbn-ts/language-common,
// from the published breach corpora), checked in memory. Attackers' guessing lists are these words with digits and
// symbols around them ("Password2024!"), so the word inside such decoration is checked too. Loaded on the first
// check, not at import: unpacking the list takes about half a second, which a process that never sets a password
// (the worker, the command line) should not pay.
import { createRequire } from "node:module";

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require("@zxcvbn-ts/language-common") as { dictionary: Record<string, string[]> };
    common = new Set(dictionary["passwords-common"]);
  }
  return common;
}

/** Whether the password, or the word inside its leading and trailing digits and symbols, is a common one. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const word = lower.replace(/^[\d\W_]+|[\d\W_]+$/gu, "");
  const list = commonPasswords();
  return list.has(lower) || (word.length > 0 && list.has(word));
}
