"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canViewReceipts } from "@/lib/auth/permissions";
import { mapStatus, mapStatusSchema } from "@/lib/receipts/map-status";
import {
  carrierOptOutBurstSchema,
  decideHeldOptOuts,
  decideHeldSchema,
  setCarrierOptOutBurst,
} from "@/lib/receipts/held-opt-outs";
import { formatCount } from "@/lib/numbers/format";

/** An administrator maps a status Tuma does not know: it applies at once to the messages holding it. */
export async function mapStatusAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canViewReceipts, input: mapStatusSchema }, form, async (input, actor) => {
    const { messages, optedOut } = await mapStatus(input, actor.id);
    revalidatePath("/receipts");
    return {
      ok: true,
      message: `“${input.status}” mapped: ${formatCount(messages)} message(s) changed${
        optedOut > 0 ? `, ${formatCount(optedOut)} number(s) opted out (carrier blacklist)` : ""
      }; later receipts with it follow.`,
    };
  });
}

/** An administrator releases the held carrier-blacklist opt-outs to the opt-outs, or discards them. */
export async function decideHeldOptOutsAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canViewReceipts, input: decideHeldSchema }, form, async (input, actor) => {
    const { decided, added } = await decideHeldOptOuts(input, actor.id);
    revalidatePath("/receipts");
    return {
      ok: true,
      message:
        input.decision === "release"
          ? `${formatCount(decided)} held number(s) released: ${formatCount(added)} opted out (the others were already).`
          : `${formatCount(decided)} held number(s) discarded: none was opted out.`,
    };
  });
}

export async function setCarrierOptOutBurstAction(
  _previous: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  return authorizedAction({ allowed: canViewReceipts, input: carrierOptOutBurstSchema }, form, async (input, actor) => {
    const { changed } = await setCarrierOptOutBurst(input.limit, actor.id);
    revalidatePath("/receipts");
    return {
      ok: true,
      message: changed
        ? `More than ${formatCount(input.limit)} carrier-blacklist opt-outs in a minute are now held for an administrator.`
        : "That is already the limit.",
    };
  });
}
