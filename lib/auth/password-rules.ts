// What a password must be: the length rules of a new one (password-length.ts), not a common or breached one
// (common-passwords.ts), and the cap on any typed one. Server side: the browser needs only password-length.ts.
import { z } from "zod";
import { isCommonPassword } from "./common-passwords";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG } from "@/lib/password-length";

export { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG };

export const COMMON_PASSWORD =
  "This password is on the lists attackers try first (common and breached passwords): choose another, such as a few unrelated words.";

/** A new password: the length rules, and not a common one (looked up only once the length is right: one sentence
 * at a time, and no look-up for a password already refused). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG)
  .refine(
    (password) => password.length < PASSWORD_MIN || password.length > PASSWORD_MAX || !isCommonPassword(password),
    COMMON_PASSWORD,
  );
/** A password typed to be checked against a stored hash (log-in, the current password): any length up to the cap. */
export const enteredPasswordSchema = z.string().min(1, "Enter your password.").max(PASSWORD_MAX, PASSWORD_TOO_LONG);
