"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiKey, createApiKeySchema } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { checkCurrentPassword } from "@/lib/auth/check-current-password";
import { PASSWORD_MAX, PASSWORD_TOO_LONG } from "@/lib/auth/password-rules";
import { canManageUsers, canView } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";

/** The action's result with the new key, shown once (with a Copy button). */
export type KeyResult = ActionResult & { key?: string };

// A key is a credential that outlives the session: the current password is asked again first (docs/design.md §3).
const newKeySchema = createApiKeySchema.extend({
  password: z
    .string({ error: "Type your current password." })
    .min(1, "Type your current password.")
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
});

export async function createApiKeyAction(_previous: KeyResult | null, form: FormData): Promise<KeyResult> {
  let key = "";
  // Checkboxes arrive one per scope under the same name: FormData.getAll, not the last one.
  const input = {
    name: form.get("name"),
    scopes: form.getAll("scopes"),
    expiresInDays: form.get("expiresInDays"),
    password: form.get("password"),
    mode: form.get("mode"),
  };
  const result = await authorizedAction({ allowed: canView, input: newKeySchema }, input, async (input, actor) => {
    await checkCurrentPassword(actor.id, input.password, { purpose: "API key", field: "password" });
    ({ key } = await createApiKey(actor.id, input, actor.id));
    revalidatePath("/api-keys");
    return { ok: true, message: `Created “${input.name}”. Copy the key now: it is shown only this once.` };
  });
  return result.ok ? { ...result, key } : result;
}

/** A user revokes their own keys; an administrator anyone's. */
export async function revokeApiKeyAction(id: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canView, input: uuidParam }, id, async (id, actor) => {
    const revoked = await revokeApiKey(canManageUsers(actor) ? null : actor.id, { id }, actor.id);
    revalidatePath("/api-keys");
    return { ok: true, message: `Revoked “${revoked.name}”: it is refused from its next request.` };
  });
}
