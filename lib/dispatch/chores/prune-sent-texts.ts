// The duplicate-send guard's memory past its window is deleted (lib/batches/duplicate-guard.ts), 50,000 rows a run
// so that no run holds a long transaction; a backlog runs again at once.
import "server-only";
import { PRUNE_SLICE, pruneSentTexts } from "@/lib/batches/duplicate-guard";
import type { Chore } from "./chore";

export const pruneSentTextsChore: Chore = {
  name: "Forgetting texts sent before the duplicate-send window",
  everyMs: 10 * 60_000,
  run: async () => (await pruneSentTexts(new Date())) >= PRUNE_SLICE,
};
