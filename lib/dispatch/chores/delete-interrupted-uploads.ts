// An upload whose reader died (its heartbeat stale) is deleted with what it stored (lib/recipients/interrupted-uploads.ts).
import "server-only";
import { deleteInterruptedUploads } from "@/lib/recipients/interrupted-uploads";
import type { Chore } from "./chore";

export const deleteInterruptedUploadsChore: Chore = {
  name: "Deleting interrupted uploads",
  everyMs: 1_000,
  run: async (log) => {
    for (const id of await deleteInterruptedUploads())
      log(`Upload ${id} deleted: the process reading it stopped before the end.`);
  },
};
