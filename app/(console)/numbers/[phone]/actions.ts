"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageUsers, canRemoveCarrierOptOuts, canSend } from "@/lib/auth/permissions";
import { eraseNumberSchema } from "@/lib/api/schemas/numbers";
import { eraseNumber, erasureCounts, erasureSentence } from "@/lib/number-story/erase-number";
import { removeOptOut } from "@/lib/opt-outs/opt-outs";

const phoneSchema = z.object({ phone: z.string().regex(/^254\d{9}$/) });
const removeSchema = phoneSchema.extend({
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

// The API's rules for the reason and the choice (lib/api/schemas/numbers.ts): one erasure, two doors.
const eraseSchema = phoneSchema.extend({
  reason: eraseNumberSchema.shape.reason,
  neverContact: eraseNumberSchema.shape.neverContact,
});

/** Erasure's dry run (administrators): what would go, per kind, said in the confirmation. */
export async function countErasureAction(phone: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canManageUsers, input: phoneSchema }, { phone }, async (input) => ({
    ok: true,
    message: erasureSentence(await erasureCounts(input.phone)),
  }));
}

/** Erasure (administrators): forgets the number, with a reason, optionally never to be contacted again. */
export async function eraseNumberAction(phone: string, reason: string, neverContact: boolean): Promise<ActionResult> {
  return authorizedAction(
    { allowed: canManageUsers, input: eraseSchema },
    { phone, reason, neverContact },
    async (input, actor) => {
      const counts = await eraseNumber(input.phone, {
        actorId: actor.id,
        reason: input.reason,
        neverContact: input.neverContact,
      });
      revalidatePath(`/numbers/${input.phone}`);
      return {
        ok: true,
        message: `Forgotten: ${erasureSentence(counts)}${input.neverContact ? "; it will never be contacted again" : ""}.`,
      };
    },
  );
}
