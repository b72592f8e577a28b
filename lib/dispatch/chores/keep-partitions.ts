// Message and Receipt partitions (lib/history/partitions.ts): this week's and the next four exist, the id sequences
// are in this week's range, and partitions past RETENTION_MONTHS are dropped. Hourly: a week boundary is crossed at
// most an hour late (ids go on in the last week's range meanwhile), and a drop takes milliseconds.
import "server-only";
import { env } from "@/lib/env";
import { dropExpiredPartitions, preparePartitions, retentionCutoff } from "@/lib/history/partitions";
import type { Chore } from "./chore";

export const keepPartitionsChore: Chore = {
  name: "Keeping message partitions",
  everyMs: 60 * 60_000,
  run: async (log) => {
    await preparePartitions();
    const months = env().RETENTION_MONTHS;
    if (months === 0) return;
    const dropped = await dropExpiredPartitions(retentionCutoff(months));
    if (dropped.length > 0) log(`Dropped partitions older than ${months} months: ${dropped.join(", ")}.`);
  },
};
