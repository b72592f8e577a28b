"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageAccounts } from "@/lib/auth/permissions";
import { purchaseSchema, recordPurchase } from "@/lib/purchases/record-purchase";
import { setWarnThreshold, warnThresholdSchema } from "@/lib/units/warn-threshold";
import { formatCount } from "@/lib/numbers/format";

/** Units bought, recorded in the ledger (lib/purchases/record-purchase.ts); resumes batches paused for lack of units. */
export async function recordPurchaseAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  // An unticked checkbox sends nothing: "resume" is then off (the form ticks it by default).
  const data = { ...Object.fromEntries(form), resumePaused: form.get("resumePaused") === "on" };
  return authorizedAction({ allowed: canManageAccounts, input: purchaseSchema }, data, async (input, actor) => {
    const { resumed } = await recordPurchase(input, actor.id);
    revalidatePath("/settings/units");
    const units = formatCount(input.units);
    return {
      ok: true,
      message: `Recorded ${units} units.${resumed > 0 ? ` Resumed ${resumed} batch${resumed === 1 ? "" : "es"} paused for lack of units.` : ""}`,
    };
  });
}

export async function setWarnThresholdAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canManageAccounts, input: warnThresholdSchema }, form, async (input, actor) => {
    await setWarnThreshold(input, actor.id);
    revalidatePath("/settings/units");
    return {
      ok: true,
      message:
        input.below === null
          ? "No warning for this account."
          : `The overview warns below ${formatCount(input.below)} units left.`,
    };
  });
}
