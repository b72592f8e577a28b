"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageAccounts } from "@/lib/auth/permissions";
import { accountSchema, saveAccount } from "@/lib/accounts/save-account";
import { rotateReceiptSecret, rotateReceiptSecretSchema } from "@/lib/receipts/rotate-receipt-secret";
import { formatOverlapEnd } from "@/components/settings/overlap-end";

export async function saveAccountAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canManageAccounts, input: accountSchema }, form, async (input, actor) => {
    await saveAccount(input, actor.id);
    revalidatePath("/settings");
    return { ok: true, message: "Saved. The token is stored encrypted; only its last four characters are shown." };
  });
}

export async function rotateReceiptSecretAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction(
    { allowed: canManageAccounts, input: rotateReceiptSecretSchema },
    form,
    async (input, actor) => {
      const { previousAcceptedUntil } = await rotateReceiptSecret(input, actor.id);
      revalidatePath("/settings");
      return {
        ok: true,
        message:
          input.overlapHours === 0
            ? "Rotated. The old secret no longer works."
            : `Rotated. The old secret is accepted until ${formatOverlapEnd(previousAcceptedUntil)}.`,
      };
    },
  );
}
