"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canViewReceipts } from "@/lib/auth/permissions";
import { mapStatus, mapStatusSchema } from "@/lib/receipts/map-status";

/** An administrator maps a status Tuma does not know: it applies at once to the messages holding it. */
export async function mapStatusAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canViewReceipts, input: mapStatusSchema }, form, async (input, actor) => {
    const { messages, optedOut } = await mapStatus(input, actor.id);
    revalidatePath("/receipts");
    return {
      ok: true,
      message: `“${input.status}” mapped: ${messages.toLocaleString("en")} message(s) changed${
        optedOut > 0 ? `, ${optedOut.toLocaleString("en")} number(s) opted out (carrier blacklist)` : ""
      }; later receipts with it follow.`,
    };
  });
}
