// Sent batches whose outcomes are all known (or past the no-receipt age) raise batch.completed
// (lib/webhooks/settle-outcomes.ts).
import "server-only";
import { env } from "@/lib/env";
import { SETTLE_LOT, settleBatchOutcomes } from "@/lib/webhooks/settle-outcomes";
import type { Chore } from "./chore";

export const settleBatchOutcomesChore: Chore = {
  name: "Settling batches' outcomes",
  everyMs: 1_000,
  run: async () => (await settleBatchOutcomes(env().NO_RECEIPT_AFTER_HOURS)).length === SETTLE_LOT,
};
