// The (phone, id) index of each Message week that has closed (lib/history/partitions.ts indexClosedWeeks;
// docs/partitioning.md, "One number's index"): built once per week, after its last id, so that storing and dispatch
// never write it. Hourly, like the partitions' own chore (a week closes when that chore moves the ids on). On a loop
// of its own (lib/dispatch/worker.ts): building a busy week's index takes minutes, which must hold back neither the
// sweep's chores nor receipts.
import "server-only";
import { indexClosedWeeks } from "@/lib/history/partitions";
import type { Chore } from "./chore";

export const indexClosedWeeksChore: Chore = {
  name: "Indexing closed weeks' numbers",
  everyMs: 60 * 60_000,
  run: async (log) => {
    const built = await indexClosedWeeks();
    if (built.length > 0) log(`Built the number index of ${built.join(", ")}.`);
  },
};
