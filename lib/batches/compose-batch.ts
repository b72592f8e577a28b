// A batch as an operator composes it — from Compose's action or from the API (/api/v1) — through one service: the
// sender checked against the account's, then the batch from pasted numbers or from a saved list, with the
// duplicate-send guard on (duplicate-guard.ts: recipients sent the same text within the window left out unless the
// input includes them with a reason). What Compose's form may say, the API may say, with the same schema
// (compose-schema.ts).
import "server-only";
import type { z } from "zod";
import { checkSender } from "@/lib/accounts/check-sender";
import type { composeListSchema, composeSchema } from "./compose-schema";
import { createBatch, type CreatedBatch } from "./create-batch";
import { createBatchFromList } from "./create-from-list";

export type ComposedNumbers = z.output<typeof composeSchema>;
export type ComposedList = z.output<typeof composeListSchema>;

export async function composeBatch(
  input: ComposedNumbers | ComposedList,
  authorId: string | null,
): Promise<CreatedBatch> {
  await checkSender(input);
  if ("listId" in input) return createBatchFromList({ ...input, authorId }, { guardDuplicates: true });
  const { recipients, ...settings } = input;
  return createBatch(
    { ...settings, authorId, recipients: recipients.map((phone) => ({ phone })) },
    { guardDuplicates: true },
  );
}

/** What the operator is told: how many will get it, and how many the guard left out. */
export function createdMessage(created: CreatedBatch): string {
  const left = created.resent.excluded;
  return `Batch created with ${created.recipients} recipient(s)${left > 0 ? `; ${left} left out: sent the same text recently` : ""}.`;
}
