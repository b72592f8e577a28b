// Stored delivery receipts are applied to their messages (lib/receipts/apply-receipts.ts): five times a second, and
// without a pause while there is a backlog.
import "server-only";
import { applyPendingReceipts } from "@/lib/receipts/apply-receipts";
import { dispatchMetrics } from "@/lib/metrics/dispatch-metrics";
import type { Chore } from "./chore";

export const applyReceiptsChore: Chore = {
  name: "Applying receipts",
  everyMs: 200,
  run: async () => {
    const { taken, changed } = await applyPendingReceipts();
    if (taken > 0) {
      dispatchMetrics().receiptsApplied.inc({ outcome: "changed" }, changed);
      dispatchMetrics().receiptsApplied.inc({ outcome: "unchanged" }, taken - changed);
    }
    return taken > 0;
  },
};
