"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";
import { removeList } from "@/lib/lists/remove-list";

export async function deleteListAction(id: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: uuidParam }, id, async (listId, actor) => {
    const { filename } = await removeList(listId, actor.id);
    revalidatePath("/lists");
    revalidatePath("/compose");
    return { ok: true, message: `List “${filename}” deleted.` };
  });
}
