// What a password must be: the length rules of a new one, and the cap on any typed one. Safe in the browser (the
// change-password form shows the minimum).
import { z } from "zod";

export const PASSWORD_MIN = 12;
/**
 * Every password Tuma accepts is at most this long — typed at log-in, as the current one, chosen as a new one, or
 * given in ADMIN_PASSWORD: argon2 reads all of it, so without a cap one request with a 10 MB "password" costs the
 * server what thousands of log-ins cost.
 */
export const PASSWORD_MAX = 256;
export const PASSWORD_TOO_LONG = `At most ${PASSWORD_MAX} characters.`;

/** A new password: the length rules. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG);
/** A password typed to be checked against a stored hash (log-in, the current password): any length up to the cap. */
export const enteredPasswordSchema = z.string().min(1, "Enter your password.").max(PASSWORD_MAX, PASSWORD_TOO_LONG);
