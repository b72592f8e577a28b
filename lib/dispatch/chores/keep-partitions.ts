// Message and Receipt partitions (lib/history/partitions.ts): this week's and the next four exist, the id sequences
// are in this week's range, partitions past RETENTION_MONTHS are dropped, and so are the rows other tables kept for
// their messages (lib/history/leftovers.ts). Hourly: a week boundary is crossed at most an hour late (ids go on in
// the last week's range meanwhile), and a drop takes about a second.
import "server-only";
import { env } from "@/lib/env";
import { forgetLeftovers, keptFromId } from "@/lib/history/leftovers";
import {
  analyzeMessageParent,
  dropExpiredPartitions,
  preparePartitions,
  retentionCutoff,
} from "@/lib/history/partitions";
import type { Chore } from "./chore";

export const keepPartitionsChore: Chore = {
  name: "Keeping message partitions",
  everyMs: 60 * 60_000,
  run: async (log) => {
    await preparePartitions();
    // The partitioned table's own statistics (what the planner uses for joins over all weeks), which autovacuum never
    // gathers for a partitioned table; each week's are autovacuum's, and a large batch has its week's refreshed at once
    // (lib/jobs/queue.ts enqueueBatchWeeksAnalysis). ONLY: the parent's one sample, not every week's again.
    await analyzeMessageParent();
    const months = env().RETENTION_MONTHS;
    if (months > 0) {
      const dropped = await dropExpiredPartitions(retentionCutoff(months));
      if (dropped.length > 0) log(`Dropped partitions older than ${months} months: ${dropped.join(", ")}.`);
    }
    // Every run, not only after a drop: a run stopped between the two (or a retention since set to 0) finishes here.
    // A backlog (the first drop of a busy year) goes on at once, a second at a time between the other chores.
    const { deleted, more } = await forgetLeftovers(await keptFromId());
    const total = deleted.rareStates + deleted.escalations + deleted.chunks + deleted.unmappedStatuses;
    if (total > 0) {
      log(
        `Removed what the dropped weeks left: ${deleted.rareStates} rare-state rows, ${deleted.escalations} escalations, ${deleted.chunks} chunks, ${deleted.unmappedStatuses} unmapped statuses${more ? " (more to go)" : ""}.`,
      );
    }
    return more;
  },
};
