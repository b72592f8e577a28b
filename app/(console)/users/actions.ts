"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageUsers } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";
import { changeRole } from "@/lib/users/change-role";
import { createUser } from "@/lib/users/create-user";
import { resetPassword } from "@/lib/users/reset-password";
import { setUserDisabled } from "@/lib/users/set-user-disabled";
import { newUserSchema, roleSchema } from "@/lib/users/user-schemas";

const admin = <S extends z.ZodType>(input: S) => ({ allowed: canManageUsers, input });

/** The one-time password is in the message: shown once, to be handed to the user. */
export async function createUserAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction(admin(newUserSchema), form, async (input, actor) => {
    const { password } = await createUser(input, actor.id);
    revalidatePath("/users");
    return {
      ok: true,
      message: `${input.email} can log in with the one-time password ${password} — it is shown only now; they choose their own at first log-in.`,
    };
  });
}

export async function changeRoleAction(userId: string, role: string): Promise<ActionResult> {
  return authorizedAction(
    admin(z.object({ userId: uuidParam, role: roleSchema })),
    { userId, role },
    async (input, actor) => {
      await changeRole(input.userId, input.role, actor.id);
      revalidatePath("/users");
      return { ok: true, message: `Role changed to ${input.role.toLowerCase()}.` };
    },
  );
}

export async function setDisabledAction(userId: string, disabled: boolean): Promise<ActionResult> {
  return authorizedAction(
    admin(z.object({ userId: uuidParam, disabled: z.boolean() })),
    { userId, disabled },
    async (input, actor) => {
      await setUserDisabled(input.userId, input.disabled, actor.id);
      revalidatePath("/users");
      return { ok: true, message: input.disabled ? "Disabled: their sessions have ended." : "Enabled again." };
    },
  );
}

export async function resetPasswordAction(userId: string): Promise<ActionResult> {
  return authorizedAction(admin(uuidParam), userId, async (id, actor) => {
    const { password } = await resetPassword(id, actor.id);
    return { ok: true, message: `New one-time password: ${password} — shown only now. Their sessions have ended.` };
  });
}
