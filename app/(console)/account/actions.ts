"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { logOutEverywhere } from "@/lib/users/log-out-everywhere";
import { canView } from "@/lib/auth/permissions";
import { changeOwnPassword } from "@/lib/users/change-own-password";
import { changePasswordSchema } from "@/lib/users/user-schemas";

/** Every session ends with the change, this one too: the browser goes to the login page. */
export async function changePasswordAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await authorizedAction(
    { allowed: canView, input: changePasswordSchema, whilePasswordMustChange: true },
    form,
    async (input, actor) => {
      await changeOwnPassword(actor.id, input);
      return { ok: true, message: "Password changed.", redirectTo: "/login?changed=1" };
    },
  );
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}

/** Every session and every live API key of the user ends (lib/users/log-out-everywhere.ts); the browser goes to the login page. */
export async function logOutEverywhereAction(): Promise<ActionResult> {
  const result = await authorizedAction(
    { allowed: canView, input: z.undefined(), whilePasswordMustChange: true },
    undefined,
    async (_input, actor) => {
      await logOutEverywhere(actor.id);
      return { ok: true, message: "Logged out everywhere.", redirectTo: "/login?everywhere=1" };
    },
  );
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}
