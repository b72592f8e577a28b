// The user forms' schemas, shared by the forms' actions and the data modules.
import { z } from "zod";
import { Role } from "@/lib/generated/prisma/enums";

export const PASSWORD_MIN = 12;
/**
 * Every password Tuma accepts is at most this long — typed at log-in, as the current one, chosen as a new one, or
 * given in ADMIN_PASSWORD: argon2 reads all of it, so without a cap one request with a 10 MB "password" costs the
 * server what thousands of log-ins cost.
 */
export const PASSWORD_MAX = 256;
const tooLong = `At most ${PASSWORD_MAX} characters.`;

export const roleSchema = z.enum(Object.values(Role) as [Role, ...Role[]], { error: "Choose a role." });
/** A new password: the length rules. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, tooLong);
/** A password typed to be checked against a stored hash (log-in, the current password): any length up to the cap. */
export const enteredPasswordSchema = z.string().min(1, "Enter your password.").max(PASSWORD_MAX, tooLong);

export const newUserSchema = z.object({
  email: z.email("An email address, such as ann@example.com.").transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1, "Give a name.").max(100),
  role: roleSchema,
});

export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password.").pipe(enteredPasswordSchema),
    next: passwordSchema,
    repeat: z.string().max(PASSWORD_MAX, tooLong),
  })
  .refine((value) => value.next === value.repeat, { path: ["repeat"], message: "The two new passwords differ." })
  .refine((value) => value.next !== value.current, {
    path: ["next"],
    message: "Choose a password you have not used here.",
  });
