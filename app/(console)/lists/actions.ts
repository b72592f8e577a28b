"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";
import { listNameSchema } from "@/lib/lists/list-name";
import { removeList } from "@/lib/lists/remove-list";
import { renameList } from "@/lib/lists/rename-list";

export async function deleteListAction(id: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: uuidParam }, id, async (listId, actor) => {
    const { name } = await removeList(listId, actor.id);
    revalidatePath("/lists");
    revalidatePath("/compose");
    return { ok: true, message: `List “${name}” deleted.` };
  });
}

const renameInput = z.object({ id: uuidParam, name: listNameSchema });

export async function renameListAction(_: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: renameInput }, form, async ({ id, name }, actor) => {
    const { from, to } = await renameList(id, name, actor.id);
    revalidatePath("/lists");
    revalidatePath(`/lists/${id}`);
    revalidatePath("/compose");
    return { ok: true, message: from === to ? "The name is unchanged." : `Renamed from “${from}” to “${to}”.` };
  });
}
