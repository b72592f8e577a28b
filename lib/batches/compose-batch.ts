// Every batch an operator or an integrator composes goes through this one service — Compose's action
// (app/(console)/compose/actions.ts), POST /api/v1/batches and the single-message POST /api/v1/messages — so what is
// decided for a new batch is decided here, once: the sender checked against the account's; what counts as a repeat
// in the input; whether the duplicate-send guard applies; then createBatch / createBatchFromList, which check the
// units budget (lib/units/budget-check.ts) and audit the batch (batch.create) in the transaction that stores it.
//
// The two sources differ on purpose, and only here:
//   - console: pasted numbers and lists are people — a number is one recipient (repeats merged), and the
//     duplicate-send guard (duplicate-guard.ts) leaves out whoever was sent the same text within the window unless
//     the operator includes them with a reason.
//   - api: a request is a list of messages — the same number twice is two messages when their texts, references or
//     metadata differ (only identical ones merge, and the answer says which: prepare-recipients.ts), and the guard is
//     off: a system may mean the same text twice (two orders shipped in a day), and its retries are made safe by
//     Idempotency-Key instead (docs/api.md).
import "server-only";
import type { z } from "zod";
import { checkSender } from "@/lib/accounts/check-sender";
import type { composeListSchema, composeSchema } from "./compose-schema";
import { createBatch, type BatchOnlyInput, type CreatedBatch } from "./create-batch";
import { createBatchFromList } from "./create-from-list";
import type { RecipientInput } from "./prepare-recipients";

export type ComposedNumbers = z.output<typeof composeSchema>;
export type ComposedList = z.output<typeof composeListSchema>;
/** What the API composes (after its own checks and defaults, lib/api/personalise.ts, default-settings.ts). */
type ApiSettings = Omit<BatchOnlyInput, "authorId" | "sender"> & { sender?: string | null | undefined };
export type ComposedForApi = ApiSettings &
  (
    | { recipients: RecipientInput[] }
    | { listId: string; languageColumn?: string | undefined; languageMapping?: Record<string, string> | undefined }
  );

export type ComposeSource = "console" | "api";

export async function composeBatch(
  input: ComposedNumbers | ComposedList | ComposedForApi,
  authorId: string | null,
  source: ComposeSource = "console",
): Promise<CreatedBatch> {
  await checkSender(input);
  const guardDuplicates = source === "console";
  if ("listId" in input) return createBatchFromList({ ...input, authorId }, { guardDuplicates });
  const { recipients, ...settings } = input;
  return createBatch(
    {
      ...settings,
      authorId,
      recipients: recipients.map((recipient) => (typeof recipient === "string" ? { phone: recipient } : recipient)),
    },
    { guardDuplicates, repeats: source === "api" ? "message" : "phone" },
  );
}

/** What the operator is told: how many will get it, and how many the guard left out. */
export function createdMessage(created: CreatedBatch): string {
  const left = created.resent.excluded;
  return `Batch created with ${created.recipients} recipient(s)${left > 0 ? `; ${left} left out: sent the same text recently` : ""}.`;
}
