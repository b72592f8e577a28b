// Chunks left SUBMITTING by a dead worker, or by this one when recording an answer failed, become UNKNOWN
// (lib/dispatch/recovery.ts): every second, since a dead worker's batch waits on them.
import "server-only";
import { recoverOrphans } from "../recovery";
import type { WorkerIdentity } from "../worker-identity";
import type { Chore } from "./chore";

export function recoverOrphansChore(identity: WorkerIdentity, ownInFlight: ReadonlySet<string>): Chore {
  return {
    name: "Recovering orphaned requests",
    everyMs: 1_000,
    run: async (log) => {
      const recovered = await recoverOrphans(identity, ownInFlight);
      if (recovered > 0) log(`Marked ${recovered} message(s) UNKNOWN: their worker stopped mid-request.`);
    },
  };
}
