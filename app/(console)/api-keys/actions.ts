"use server";

import { revalidatePath } from "next/cache";
import { createApiKey, createApiKeySchema } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canView } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";

/** The action's result with the new key, shown once (with a Copy button). */
export type KeyResult = ActionResult & { key?: string };

export async function createApiKeyAction(_previous: KeyResult | null, form: FormData): Promise<KeyResult> {
  let key = "";
  // Checkboxes arrive one per scope under the same name: FormData.getAll, not the last one.
  const input = {
    name: form.get("name"),
    scopes: form.getAll("scopes"),
    expiresInDays: form.get("expiresInDays"),
    mode: form.get("mode"),
  };
  const result = await authorizedAction(
    { allowed: canView, input: createApiKeySchema },
    input,
    async (input, actor) => {
      ({ key } = await createApiKey(actor.id, input, actor.id));
      revalidatePath("/api-keys");
      return { ok: true, message: `Created “${input.name}”. Copy the key now: it is shown only this once.` };
    },
  );
  return result.ok ? { ...result, key } : result;
}

export async function revokeApiKeyAction(id: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canView, input: uuidParam }, id, async (id, actor) => {
    const revoked = await revokeApiKey(actor.id, { id }, actor.id);
    revalidatePath("/api-keys");
    return { ok: true, message: `Revoked “${revoked.name}”: it is refused from its next request.` };
  });
}
