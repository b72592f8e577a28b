// Every state of the schema's enums is classified by states.ts's sets (a state the schema gains and no set names fails
// here), the database's enums are the schema's, and the SQL the database runs by itself — the functions its triggers
// call, the batch counters — agrees with states.ts state by state.
import { describe, expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { BatchState, ChunkState, ListState, MessageState } from "@/lib/generated/prisma/enums";
import { MAPPABLE_STATES } from "@/lib/receipts/status-map";
import { STATE_COUNTERS } from "@/lib/batches/counters";
import { STATE_FUNCTIONS, stateFunctionsSql } from "./state-functions-sql";
import { messageStates } from "./state-sql";
import {
  ACTIVE_BATCH_STATES,
  CLOSED_CHUNK_STATES,
  COMMON_MESSAGE_STATES,
  DELIVERED_STATES,
  FAILED_STATES,
  FINAL_MESSAGE_STATES,
  FINISHED_BATCH_STATES,
  MESSAGE_FILTERS,
  MESSAGE_STATES,
  NO_RECEIPT,
  NO_RECEIPT_STATE,
  OPEN_CHUNK_STATES,
  PAUSABLE_BATCH_STATES,
  PROBLEM_STATES,
  RESENDABLE_STATES,
  SENT_STATES,
  STARTABLE_BATCH_STATES,
  UNCOMMON_MESSAGE_STATES,
  UNCONFIRMED_MESSAGE_STATES,
  UNSENT_STATES,
} from "./states";

const sorted = (values: readonly string[]) => [...values].sort();

/** Each value of the enum is in exactly one of the parts, and the parts hold nothing else. */
function expectPartition(all: readonly string[], parts: Record<string, readonly string[]>) {
  for (const value of all) {
    const holders = Object.entries(parts)
      .filter(([, part]) => part.includes(value))
      .map(([name]) => name);
    expect(holders, `${value} must be in exactly one of ${Object.keys(parts).join(", ")}`).toHaveLength(1);
  }
  expect(sorted(Object.values(parts).flat())).toEqual(sorted(all));
}

function expectSubset(part: readonly string[], of: readonly string[], what: string) {
  for (const value of part) expect(of, `${what}: ${value}`).toContain(value);
}

describe("every state of the schema is classified", () => {
  test("batch states: active or finished; pausable and startable ones are active", () => {
    const all = Object.values(BatchState);
    expectPartition(all, { ACTIVE_BATCH_STATES, FINISHED_BATCH_STATES });
    expectSubset(PAUSABLE_BATCH_STATES, ACTIVE_BATCH_STATES, "pausable ⊆ active");
    expectSubset(STARTABLE_BATCH_STATES, ACTIVE_BATCH_STATES, "startable ⊆ active");
  });

  test("message states: sent or not; common or uncommon; a sent one delivered, failed, unknown or awaiting", () => {
    const all = Object.values(MessageState);
    expectPartition(all, { SENT_STATES, UNSENT_STATES });
    expectPartition(all, { COMMON_MESSAGE_STATES, UNCOMMON_MESSAGE_STATES });
    expect(sorted(MESSAGE_STATES)).toEqual(sorted(all));
    // The outcome of what was sent, as every report adds it up.
    expectPartition(SENT_STATES, { DELIVERED_STATES, PROBLEM_STATES, awaiting: [NO_RECEIPT_STATE] });
    expectSubset(FAILED_STATES, PROBLEM_STATES, "failed ⊆ problem");
    expectSubset(FINAL_MESSAGE_STATES, SENT_STATES, "final ⊆ sent");
    expectSubset(DELIVERED_STATES, FINAL_MESSAGE_STATES, "delivered ⊆ final");
    expectSubset(RESENDABLE_STATES, PROBLEM_STATES, "resendable ⊆ problem");
    expect(FINAL_MESSAGE_STATES).not.toContain(NO_RECEIPT_STATE);
    expect(UNCONFIRMED_MESSAGE_STATES.filter((s) => (FINAL_MESSAGE_STATES as readonly string[]).includes(s))).toEqual(
      [],
    );
    // What an administrator maps a status to: a final state, or still on its way.
    expect(sorted(MAPPABLE_STATES)).toEqual(sorted([...FINAL_MESSAGE_STATES, NO_RECEIPT_STATE]));
  });

  test("each message state has its counter and its filter", () => {
    const all = Object.values(MessageState);
    expect(sorted(STATE_COUNTERS.map((c) => c.state))).toEqual(sorted(all));
    expect(sorted(MESSAGE_FILTERS.map((f) => f.value))).toEqual(sorted([...all, NO_RECEIPT]));
  });

  test("chunk states: open (to send or in flight) or closed", () => {
    expectPartition(Object.values(ChunkState), { OPEN_CHUNK_STATES, CLOSED_CHUNK_STATES });
  });
});

describe("the database agrees", () => {
  test("its enums hold exactly the schema's states", async () => {
    for (const [type, values] of [
      ["BatchState", BatchState],
      ["MessageState", MessageState],
      ["ChunkState", ChunkState],
      ["ListState", ListState],
    ] as const) {
      const { rows } = await pool().query<{ s: string }>(`SELECT unnest(enum_range(NULL::"${type}"))::text AS s`);
      expect(sorted(rows.map((r) => r.s)), type).toEqual(sorted(Object.values(values)));
    }
  });

  test("the functions its triggers call answer as states.ts's sets, state by state", async () => {
    const { rows } = await pool().query<Record<string, string | boolean>>(
      `SELECT s::text AS state, ${STATE_FUNCTIONS.map((f) => `${f.name}(s) AS ${f.name}`).join(", ")}
       FROM unnest(enum_range(NULL::"MessageState")) s`,
    );
    expect(rows).toHaveLength(Object.values(MessageState).length);
    const disagreements = rows.flatMap((row) =>
      STATE_FUNCTIONS.filter((f) => row[f.name] !== (f.set as readonly string[]).includes(row.state as string)).map(
        (f) => `${f.name}(${row.state}) is ${row[f.name]}, ${f.source} says otherwise`,
      ),
    );
    expect(disagreements, `A new migration must replace the functions with:\n${stateFunctionsSql()}`).toEqual([]);
  });

  test("the batch counters count each state in its own counter (STATE_COUNTERS)", async () => {
    const accountId = await account();
    const { id: batchId } = await db.batch.create({
      data: { kind: "SMS", name: "states", accountId, templateText: "x", state: "COMPLETED" },
    });
    const counters = () =>
      pool()
        .query<Record<string, number>>(
          `SELECT ${STATE_COUNTERS.map((c) => `"${c.field}"::int AS "${c.field}"`).join(", ")} FROM "Batch" WHERE id = $1`,
          [batchId],
        )
        .then((r) => r.rows[0]!);
    for (const { state, field } of STATE_COUNTERS) {
      const before = await counters();
      await transaction((client) =>
        client.query(`SELECT tuma_apply_state_deltas(ARRAY[$1::uuid], ARRAY[$2::"MessageState"], ARRAY[1::bigint])`, [
          batchId,
          state,
        ]),
      );
      const after = await counters();
      const moved = STATE_COUNTERS.filter((c) => after[c.field] !== before[c.field]).map((c) => c.field);
      expect(moved, state).toEqual([field]);
    }
  });

  test("a set renders as the enum's typed literals, and a name outside the enum is refused", async () => {
    const { rows } = await pool().query<{ ok: boolean }>(
      `SELECT 'FAILED'::"MessageState" IN ${messageStates(PROBLEM_STATES)} AND 'QUEUED'::"MessageState" NOT IN ${messageStates(PROBLEM_STATES)} AS ok`,
    );
    expect(rows[0]!.ok).toBe(true);
    expect(() => messageStates(["DELIVERED", "DELIVERD" as MessageState])).toThrow(/not a MessageState/);
    expect(() => messageStates([])).toThrow(/empty/);
  });
});
