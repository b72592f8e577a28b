"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageAccounts } from "@/lib/auth/permissions";
import { z } from "zod";
import { accountSchema, saveAccount } from "@/lib/accounts/save-account";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { setOrgTimeZone, timeZoneSchema } from "@/lib/organisation/set-time-zone";
import { duplicateWindowSchema, setDuplicateWindow } from "@/lib/organisation/set-duplicate-window";
import { promotionalWindowSchema, setPromotionalWindow } from "@/lib/organisation/promotional-window";
import { clearSenderIdProblem } from "@/lib/accounts/sender-id-problems";
import { uuidParam } from "@/lib/http/params";
import { rotateReceiptSecret, rotateReceiptSecretSchema } from "@/lib/receipts/rotate-receipt-secret";
import { formatOverlapEnd } from "@/components/settings/overlap-end";

export async function saveAccountAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canManageAccounts, input: accountSchema }, form, async (input, actor) => {
    await saveAccount(input, actor.id);
    revalidatePath("/settings");
    return { ok: true, message: "Saved. The token is stored encrypted; only its last four characters are shown." };
  });
}

/** The network's refusal of a sender ID is cleared, once its registration is fixed. */
export async function clearSenderIdProblemAction(accountId: string, sender: string): Promise<ActionResult> {
  const input = z.object({ accountId: uuidParam, sender: z.string().max(100) });
  return authorizedAction({ allowed: canManageAccounts, input }, { accountId, sender }, async (ids, actor) => {
    await clearSenderIdProblem(ids.accountId, ids.sender, actor.id);
    revalidatePath("/settings");
    return { ok: true, message: `The warning about “${ids.sender}” is cleared.` };
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
            : `Rotated. The old secret is accepted until ${formatOverlapEnd(previousAcceptedUntil, await getOrgTimeZone())}.`,
      };
    },
  );
}

export async function setTimeZoneAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canManageAccounts, input: timeZoneSchema }, form, async (input, actor) => {
    const { changed } = await setOrgTimeZone(input.timeZone, actor.id);
    // Every page shows times in it: the console layout reads it again.
    revalidatePath("/", "layout");
    return { ok: true, message: changed ? `Times are now shown in ${input.timeZone}.` : "That is already the zone." };
  });
}

export async function setDuplicateWindowAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canManageAccounts, input: duplicateWindowSchema }, form, async (input, actor) => {
    const { changed } = await setDuplicateWindow(input.hours, actor.id);
    revalidatePath("/settings");
    return {
      ok: true,
      message: changed
        ? `Compose now leaves out recipients sent the same text in the last ${input.hours} hours.`
        : "That is already the window.",
    };
  });
}

export async function setPromotionalWindowAction(
  _previous: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  return authorizedAction(
    { allowed: canManageAccounts, input: promotionalWindowSchema },
    form,
    async (input, actor) => {
      const { changed } = await setPromotionalWindow({ startMinute: input.start, endMinute: input.end }, actor.id);
      revalidatePath("/settings");
      return {
        ok: true,
        message: changed ? "Promotional batches now send in the new window." : "That is already the window.",
      };
    },
  );
}
