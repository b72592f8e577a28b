// What POST /api/v1/numbers/{phone}/erase answers (issue 38; docs/api.md "Numbers"): per kind, what erasing the
// number removed — or, for a dry run, would remove — mapped in one place from lib/number-story/erase-number.ts's
// counts. The answer never names the number: it is kept as it is for an Idempotency-Key's replay (lib/api/idempotency.ts).
import { z } from "zod";
import type { ErasureCounts } from "@/lib/number-story/erase-number";
import { count } from "./common";

export const numberErasureSchema = z
  .object({
    dryRun: z.boolean().meta({
      description: "True: nothing was erased, the counts are what an erasure would remove now.",
      example: false,
    }),
    neverContact: z.boolean().meta({
      description:
        "Whether the number is never to be contacted again (kept only as a keyed hash, checked when a batch stores its recipients).",
      example: true,
    }),
    counts: z
      .object({
        messages: count("Messages whose number and text were removed (their states and units stay).", 14),
        receipts: count("Delivery receipts about those messages, their number and raw body removed.", 13),
        unmatchedReceipts: count("Receipts that named the number and matched no message.", 0),
        listRows: count("Rows of saved lists that held the number, deleted.", 2),
        escalationCalls: count("Escalation records linking its SMS to the calls that followed them.", 1),
        webhookDeliveries: count("Stored webhook deliveries whose payload named the number, replaced.", 3),
        optOuts: count("Its opt-out and held opt-out, deleted (0 to 2).", 1),
      })
      .meta({ description: "Per kind, what was removed (with dryRun, what would be)." }),
  })
  .meta({
    id: "NumberErasure",
    description:
      "What erasing a number removed, per kind. Batch counters, reports and totals are unchanged; the audit log records it without the number.",
  });

export type NumberErasure = z.infer<typeof numberErasureSchema>;

export function toNumberErasure(
  counts: ErasureCounts,
  options: { dryRun: boolean; neverContact: boolean },
): NumberErasure {
  return {
    dryRun: options.dryRun,
    neverContact: options.neverContact,
    counts: {
      messages: counts.messages,
      receipts: counts.receiptsMatched,
      unmatchedReceipts: counts.receiptsUnmatched,
      listRows: counts.listRows,
      escalationCalls: counts.escalations,
      webhookDeliveries: counts.webhookDeliveries,
      optOuts: counts.optOut,
    },
  };
}
