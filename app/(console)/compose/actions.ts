"use server";

import { redirect } from "next/navigation";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canSend } from "@/lib/auth/permissions";
import { composeBatch, createdMessage } from "@/lib/batches/compose-batch";
import { composeListSchema, composeSchema } from "@/lib/batches/compose-schema";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { localFieldToInstant } from "@/lib/time/local-input";

/**
 * Compose's review → a batch (lib/batches/compose-batch.ts), from pasted numbers (the valid ones, once each: the
 * review said which were left out) or a saved list, with one of the account's sender IDs and the duplicate-send
 * guard. The browser goes to the batch's page. "Send later" arrives as the local date and time typed, and is read in
 * the organisation's zone here (never the browser's).
 */
export async function createBatchAction(_previous: ActionResult | null, data: FormData): Promise<ActionResult> {
  const form: Record<string, unknown> = Object.fromEntries(data);
  form.scheduledAt = localFieldToInstant(form.scheduledAt, await getOrgTimeZone());
  const schema = form.source === "list" ? composeListSchema : composeSchema;
  const result = await authorizedAction({ allowed: canSend, input: schema }, form, async (input, actor) => {
    const created = await composeBatch(input, actor.id);
    return { ok: true, message: createdMessage(created), redirectTo: `/batches/${created.id}` };
  });
  if (result.ok && result.redirectTo) redirect(result.redirectTo);
  return result;
}
