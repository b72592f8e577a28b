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

export async function removeOptOutAction(phone: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: z.string().regex(/^254\d{9}$/) }, phone, async (number, actor) => {
    await removeOptOut(number, actor.id, canRemoveCarrierOptOuts(actor));
    revalidatePath("/opt-outs");
    return { ok: true, message: `${number} removed from the opt-out list.` };
  });
}
