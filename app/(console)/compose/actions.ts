"use server";

import { redirect } from "next/navigation";
import { checkSender } from "@/lib/accounts/check-sender";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { composeListSchema, composeSchema } from "@/lib/batches/compose-schema";
import { createBatch } from "@/lib/batches/create-batch";
import { createBatchFromList } from "@/lib/batches/create-from-list";

/**
 * Compose's review → a batch, from pasted numbers (the valid ones, once each: the review said which were left out) or
 * a saved list, with one of the account's sender IDs. The browser goes to the batch's page.
 */
export async function createBatchAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result =
    form.get("source") === "list"
      ? await authorizedAction({ allowed: canSend, input: composeListSchema }, form, async (input, actor) => {
          await checkSender(input);
          const created = await createBatchFromList({ ...input, authorId: actor.id });
          return {
            ok: true,
            message: `Batch created with ${created.recipients} recipient(s).`,
            redirectTo: `/batches/${created.id}`,
          };
        })
      : await authorizedAction({ allowed: canSend, input: composeSchema }, form, async (input, actor) => {
          await checkSender(input);
          const created = await createBatch({
            ...input,
            authorId: actor.id,
            recipients: input.recipients.map((phone) => ({ phone })),
          });
          return {
            ok: true,
            message: `Batch created with ${created.recipients} recipient(s).`,
            redirectTo: `/batches/${created.id}`,
          };
        });
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}
