"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";
import { templateSchema } from "@/lib/templates/template-schema";
import { createTemplate, deleteTemplate, updateTemplate } from "@/lib/templates/templates";

const saveSchema = z
  .object({ id: z.preprocess((v) => (v === "" ? undefined : v), uuidParam.optional()) })
  .and(templateSchema);

/** Saves a new template, or the one being edited (the form's hidden id). */
export async function saveTemplateAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await authorizedAction(
    { allowed: canSend, input: saveSchema },
    form,
    async ({ id, ...input }, actor) => {
      if (id) await updateTemplate(id, input, actor.id);
      else await createTemplate(input, actor.id);
      revalidatePath("/templates");
      return { ok: true, message: `Template “${input.name}” saved.`, ...(id ? { redirectTo: "/templates" } : {}) };
    },
  );
  // An edit goes back to the list, rendered afresh with the change.
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}

export async function deleteTemplateAction(id: string): Promise<ActionResult> {
  return authorizedAction({ allowed: canSend, input: uuidParam }, id, async (templateId, actor) => {
    await deleteTemplate(templateId, actor.id);
    revalidatePath("/templates");
    return { ok: true, message: "Template deleted." };
  });
}
