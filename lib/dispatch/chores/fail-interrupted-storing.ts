// A batch whose creator died while storing its recipients is failed with the reason (lib/dispatch/interrupted-storing.ts).
import "server-only";
import { failInterruptedStoring } from "../interrupted-storing";
import type { WorkerIdentity } from "../worker-identity";
import type { Chore } from "./chore";

export function failInterruptedStoringChore(identity: WorkerIdentity): Chore {
  return {
    name: "Failing interrupted batch creations",
    everyMs: 1_000,
    run: async (log) => {
      for (const id of await failInterruptedStoring(identity))
        log(`Batch ${id} failed: storing its recipients was interrupted.`);
    },
  };
}
