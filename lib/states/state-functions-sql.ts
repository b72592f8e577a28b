// The SQL functions that classify message states inside the database (the triggers of migrations rare_message_states
// and receipt_statuses call them), written from states.ts's sets. A migration is history: it keeps the sets it was
// written with, and changing it would change what an installed database ran. So when a set changes, a new migration
// replaces the functions with this text (states.test.ts compares the database's functions with states.ts state by
// state, and prints this text when they disagree).
import { messageStates } from "./state-sql";
import { DELIVERED_STATES, SENT_STATES, UNCOMMON_MESSAGE_STATES } from "./states";
import type { MessageState } from "@/lib/generated/prisma/enums";

/** Each function's name and the set it answers true for. */
export const STATE_FUNCTIONS: readonly { name: string; set: readonly MessageState[]; source: string }[] = [
  { name: "tuma_is_sent_state", set: SENT_STATES, source: "SENT_STATES" },
  { name: "tuma_is_delivered_state", set: DELIVERED_STATES, source: "DELIVERED_STATES" },
  { name: "tuma_is_rare_state", set: UNCOMMON_MESSAGE_STATES, source: "UNCOMMON_MESSAGE_STATES" },
];

/** `CREATE OR REPLACE FUNCTION …` for each, as a migration writes them. */
export function stateFunctionsSql(): string {
  return STATE_FUNCTIONS.map(
    (f) =>
      `-- lib/states/states.ts ${f.source}\n` +
      `CREATE OR REPLACE FUNCTION ${f.name}(s "MessageState") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$\n` +
      `  SELECT s IN ${messageStates(f.set)}\n$$;\n`,
  ).join("\n");
}
