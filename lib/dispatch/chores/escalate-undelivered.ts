// SMS not delivered by their deadline are called (lib/escalation/escalate-due.ts): looked for every second, so a call
// starts within seconds of its deadline; a lot that filled runs again at once.
import "server-only";
import { ESCALATE_LOT, escalateDue } from "@/lib/escalation/escalate-due";
import type { Chore } from "./chore";

export const escalateUndeliveredChore: Chore = {
  name: "Calling recipients whose SMS was not delivered in time",
  everyMs: 1_000,
  run: async () => (await escalateDue()).chunks >= ESCALATE_LOT,
};
