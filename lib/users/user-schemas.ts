// The user forms' schemas, shared by the forms' actions and the data modules.
import { z } from "zod";
import { Role } from "@/lib/generated/prisma/enums";

export const PASSWORD_MIN = 12;

export const roleSchema = z.enum(Object.values(Role) as [Role, ...Role[]], { error: "Choose a role." });
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(1024, "At most 1,024 characters.");

export const newUserSchema = z.object({
  email: z.email("An email address, such as ann@example.com.").transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1, "Give a name.").max(100),
  role: roleSchema,
});

export const changePasswordSchema = z
  .object({ current: z.string().min(1, "Enter your current password."), next: passwordSchema, repeat: z.string() })
  .refine((value) => value.next === value.repeat, { path: ["repeat"], message: "The two new passwords differ." })
  .refine((value) => value.next !== value.current, {
    path: ["next"],
    message: "Choose a password you have not used here.",
  });
