// Batches with nothing left to send or settle become COMPLETED even when no lane of this worker sent their last chunk
// (another worker did and died, or recovery settled it).
import "server-only";
import { completeFinishedBatches } from "../batch-state";
import type { Chore } from "./chore";

export const completeFinishedBatchesChore: Chore = {
  name: "Completing finished batches",
  everyMs: 1_000,
  run: async () => {
    await completeFinishedBatches();
  },
};
