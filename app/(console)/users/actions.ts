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
import { setExportGrant } from "@/lib/users/set-export-grant";
import { newUserSchema, roleSchema } from "@/lib/users/user-schemas";
import { formatCount } from "@/lib/numbers/format";

const admin = <S extends z.ZodType>(input: S) => ({ allowed: canManageUsers, input });

/** An action's result with the one-time password it made, shown once (with a Copy button) to be handed over. */
export type PasswordResult = ActionResult & { oneTimePassword?: string };

export async function createUserAction(_previous: PasswordResult | null, form: FormData): Promise<PasswordResult> {
  let oneTimePassword = "";
  const result = await authorizedAction(admin(newUserSchema), form, async (input, actor) => {
    ({ password: oneTimePassword } = await createUser(input, actor.id));
    revalidatePath("/users");
    return {
      ok: true,
      message: `${input.email} can log in with this one-time password — it is shown only now; they choose their own at first log-in.`,
    };
  });
  return result.ok ? { ...result, oneTimePassword } : result;
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

export async function resetPasswordAction(userId: string): Promise<PasswordResult> {
  let oneTimePassword = "";
  const result = await authorizedAction(admin(uuidParam), userId, async (id, actor) => {
    const reset = await resetPassword(id, actor.id);
    oneTimePassword = reset.password;
    revalidatePath("/users");
    const keys = reset.keysRevoked;
    return {
      ok: true,
      message: `A new one-time password, shown only now. Their sessions have ended${
        keys > 0 ? ` and ${formatCount(keys)} API ${keys === 1 ? "key was" : "keys were"} revoked` : ""
      }.`,
    };
  });
  return result.ok ? { ...result, oneTimePassword } : result;
}

/** An administrator allows a viewer to export recipients, or takes it back (lib/users/set-export-grant.ts). */
export async function setExportGrantAction(userId: string, granted: boolean): Promise<ActionResult> {
  return authorizedAction(
    admin(z.object({ userId: uuidParam, granted: z.boolean() })),
    { userId, granted },
    async (input, actor) => {
      await setExportGrant(input.userId, input.granted, actor.id);
      revalidatePath("/users");
      return {
        ok: true,
        message: input.granted ? "They may now export recipients." : "They may no longer export recipients.",
      };
    },
  );
}
