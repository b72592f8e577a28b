// An upload whose reader died (its heartbeat stale) is deleted with what it stored (lib/lists/interrupted-lists.ts).
import "server-only";
import { deleteInterruptedLists } from "@/lib/lists/interrupted-lists";
import type { Chore } from "./chore";

export const deleteInterruptedListsChore: Chore = {
  name: "Deleting interrupted lists",
  everyMs: 1_000,
  run: async (log) => {
    for (const id of await deleteInterruptedLists())
      log(`List ${id} deleted: the process reading it stopped before the end.`);
  },
};
