"use server";

import { redirect } from "next/navigation";
import { checkSender } from "@/lib/accounts/check-sender";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { composeListSchema, composeSchema } from "@/lib/batches/compose-schema";
import { createBatch } from "@/lib/batches/create-batch";
import { createBatchFromList } from "@/lib/batches/create-from-list";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { localFieldToInstant } from "@/lib/time/local-input";

/**
 * Compose's review → a batch, from pasted numbers (the valid ones, once each: the review said which were left out) or
 * a saved list, with one of the account's sender IDs. The browser goes to the batch's page. "Send later" arrives as
 * the local date and time typed, and is read in the organisation's zone here (never the browser's).
 */
export async function createBatchAction(_previous: ActionResult | null, data: FormData): Promise<ActionResult> {
  const form: Record<string, unknown> = Object.fromEntries(data);
  form.scheduledAt = localFieldToInstant(form.scheduledAt, await getOrgTimeZone());
  const result =
    form.source === "list"
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
