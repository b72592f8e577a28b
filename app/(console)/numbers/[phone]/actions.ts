"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canRemoveCarrierOptOuts, canSend } from "@/lib/auth/permissions";
import { removeOptOut } from "@/lib/opt-outs/opt-outs";

const removeSchema = z.object({
  phone: z.string().regex(/^254\d{9}$/),
  reason: z.string().trim().min(1, "Say why the number may be sent to again.").max(200, "At most 200 characters."),
});

/** The opt-out page's removal, from the number's page: the same rules, the same audit, this page shown again. */
export async function removeNumberOptOutAction(phone: string, reason?: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: removeSchema }, { phone, reason }, async (input, actor) => {
    await removeOptOut(input.phone, actor.id, input.reason, canRemoveCarrierOptOuts(actor));
    revalidatePath(`/numbers/${input.phone}`);
    revalidatePath("/opt-outs");
    return { ok: true, message: `${input.phone} removed from the opt-out list.` };
  });
}
