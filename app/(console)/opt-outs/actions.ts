"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canRemoveCarrierOptOuts, canSend } from "@/lib/auth/permissions";
import { addOptOut, removeOptOut } from "@/lib/opt-outs/opt-outs";

const addSchema = z.object({
  phone: z.string().trim().min(1, "Enter a number.").max(40),
  reason: z.string().trim().max(200).optional(),
});

export async function addOptOutAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: addSchema }, form, async (input, actor) => {
    const { phone, added } = await addOptOut(input, actor.id);
    revalidatePath("/opt-outs");
    return {
      ok: true,
      message: added ? `${phone} is opted out: it will not be sent to.` : `${phone} was already opted out.`,
    };
  });
}

const removeSchema = z.object({
  phone: z.string().regex(/^254\d{9}$/),
  reason: z.string().trim().min(1, "Say why the number may be sent to again.").max(200, "At most 200 characters."),
});

/** Bound to the row's number; the reason comes from the confirm step (components/console/row-action.tsx). */
export async function removeOptOutAction(phone: string, reason?: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: removeSchema }, { phone, reason }, async (input, actor) => {
    // A carrier blacklist is removed by an administrator only (lib/opt-outs/opt-outs.ts says why).
    await removeOptOut(input.phone, actor.id, input.reason, canRemoveCarrierOptOuts(actor));
    revalidatePath("/opt-outs");
    return { ok: true, message: `${input.phone} removed from the opt-out list.` };
  });
}
