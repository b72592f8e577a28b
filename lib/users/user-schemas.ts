// The user forms' schemas, shared by the forms' actions and the data modules. The password rules are lib/auth's.
import { z } from "zod";
import { enteredPasswordSchema, PASSWORD_MAX, PASSWORD_TOO_LONG, passwordSchema } from "@/lib/auth/password-rules";
import { Role } from "@/lib/generated/prisma/enums";

export const roleSchema = z.enum(Object.values(Role) as [Role, ...Role[]], { error: "Choose a role." });

export const newUserSchema = z.object({
  email: z.email("An email address, such as ann@example.com.").transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1, "Give a name.").max(100),
  role: roleSchema,
});

export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password.").pipe(enteredPasswordSchema),
    next: passwordSchema,
    repeat: z.string().max(PASSWORD_MAX, PASSWORD_TOO_LONG),
  })
  .refine((value) => value.next === value.repeat, { path: ["repeat"], message: "The two new passwords differ." })
  .refine((value) => value.next !== value.current, {
    path: ["next"],
    message: "Choose a password you have not used here.",
  });
