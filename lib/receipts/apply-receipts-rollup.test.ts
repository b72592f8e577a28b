// The per-network rollup (DeliveryRollup, issue 15.5) stays exact through the receipts applier's real work: receipts
// applied in many lots, by two appliers at once, with replays, late receipts older than what a message holds, a
// delivered message that a later receipt fails, a failure that a later receipt delivers, and a status nobody knows.
// The rollup is compared to a recount made here in TypeScript from the messages (states.ts, rollup-outcomes.ts,
// delay-buckets.ts), not by the SQL helpers the triggers themselves use.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { DELIVERED_STATES, SENT_STATES } from "@/lib/states/states";
import { delayBucket } from "@/lib/reports/delay-buckets";
import { DELAY_BUCKETS, ROLLUP_OUTCOMES } from "@/lib/reports/rollup-outcomes";
import { account, batch, messages } from "@/test/report-data";
import { applyPendingReceipts } from "./apply-receipts";
import { storeReceipts, type ReceiptRow } from "./store-receipts";

const accountId = await account();

type Counted = { outcomes: number[]; delays: number[] };

/** The rollup as the triggers keep it, rows that count something, keyed "hour ISO|operator". */
async function kept(): Promise<Map<string, Counted>> {
  const { rows } = await pool().query<{ hour: Date; operator: string } & Counted>(
    `SELECT hour, operator, outcomes, delays FROM "DeliveryRollup"`,
  );
  return new Map(
    rows
      .filter((r) => [...r.outcomes, ...r.delays].some((n) => n !== 0))
      .map((r) => [`${r.hour.toISOString()}|${r.operator}`, { outcomes: r.outcomes, delays: r.delays }]),
  );
}

/** The same figures recounted from every message, without the database's helpers. */
async function recount(): Promise<Map<string, Counted>> {
  const { rows } = await pool().query<{
    state: string;
    failureClass: string | null;
    operator: string | null;
    submittedAt: Date | null;
    receiptAt: Date | null;
    createdAt: Date;
  }>(`SELECT state, "failureClass", operator, "submittedAt", "receiptAt", "createdAt" FROM "Message"`);
  const counts = new Map<string, Counted>();
  for (const m of rows) {
    if (!(SENT_STATES as readonly string[]).includes(m.state)) continue;
    const at = m.submittedAt ?? m.receiptAt ?? m.createdAt;
    const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
    const key = `${hour.toISOString()}|${m.operator ?? ""}`;
    const c = counts.get(key) ?? {
      outcomes: Array<number>(ROLLUP_OUTCOMES.length).fill(0),
      delays: Array<number>(DELAY_BUCKETS).fill(0),
    };
    counts.set(key, c);
    c.outcomes[0]!++; // sent
    const delivered = (DELIVERED_STATES as readonly string[]).includes(m.state);
    if (delivered) c.outcomes[ROLLUP_OUTCOMES.indexOf("DELIVERED")]!++;
    else if (m.state === "REJECTED") c.outcomes[ROLLUP_OUTCOMES.indexOf("REJECTED")]!++;
    else if (m.state === "FAILED") {
      const slot = ROLLUP_OUTCOMES.indexOf((m.failureClass ?? "NETWORK") as (typeof ROLLUP_OUTCOMES)[number]);
      c.outcomes[slot < 0 ? ROLLUP_OUTCOMES.indexOf("NETWORK") : slot]!++;
    }
    if ((delivered || m.state === "FAILED") && m.submittedAt && m.receiptAt)
      c.delays[delayBucket((m.receiptAt.getTime() - m.submittedAt.getTime()) / 1000)]!++;
  }
  return counts;
}

/** By message index % 10: 0–4 and 9 delivered, 5 absent, 6 invalid number, 7 still on its way, 8 a status nobody
 * knows (on its way too). */
const FIRST_STATUSES: readonly string[] = [
  ...Array<string>(5).fill("DeliveredToTerminal"),
  "AbsentSubscriber",
  "DeliveryImpossible",
  "MessageWaiting",
  "Zzz Made-up Status",
  "DeliveredToTerminal",
];

/** Applies every stored receipt with two appliers at once (each takes its own lot); returns how many lots. */
async function applyAllTwoAtOnce(): Promise<number> {
  // Statistics as autovacuum keeps them in use: on tables never analyzed since thousands of rows arrived, the
  // applier's statement (not the rollup: the same happens with the rollup's triggers disabled) takes tens of seconds
  // a lot.
  await pool().query(`ANALYZE "Message", "Receipt", "ReceiptQueue"`);
  let lots = 0;
  for (;;) {
    const [a, b] = await Promise.all([applyPendingReceipts(), applyPendingReceipts()]);
    lots += (a.taken > 0 ? 1 : 0) + (b.taken > 0 ? 1 : 0);
    if (a.taken === 0 && b.taken === 0) return lots;
  }
}

test("receipts applied in many lots by two appliers at once keep the rollup equal to a recount of the messages", async () => {
  const id = await batch(accountId, { name: "rollup through the applier", state: "SENDING" });
  const base = Date.parse("2026-11-10T20:40:00Z");
  const count = 6_000;
  const operators = ["Safaricom", "Airtel", "Telkom", null];
  // Sent over 30 hours (across two midnights, East Africa Time and UTC) to four networks (one not reported).
  const specs = Array.from({ length: count }, (_, i) => ({
    phone: `2547${String(30_000_000 + i)}`,
    state: "QUEUED",
    operator: operators[i % operators.length]!,
    submittedAt: new Date(base + (i % 30) * 3_600_000 + (i % 7) * 60_000),
    providerUniqueId: `rollup-${i}`,
  }));
  const ids = await messages(id, specs);
  const receipt = (i: number, status: string, secondsAfterSend: number): ReceiptRow => {
    const at = new Date(specs[i]!.submittedAt.getTime() + secondsAfterSend * 1000);
    return {
      accountId,
      uniqueId: i % 2 === 0 ? `rollup-${i}` : null, // half matched by uniqueId + phone, half by correlator
      correlator: i % 2 === 0 ? null : ids[i]!,
      phone: specs[i]!.phone,
      deliveryStatus: status,
      deliveryTime: at.toISOString().slice(0, 19).replace("T", " "),
      deliveryAt: at,
      raw: "{}",
    };
  };
  const store = async (rows: ReceiptRow[]) => {
    for (let i = 0; i < rows.length; i += 700) await storeReceipts(rows.slice(i, i + 700));
  };

  // First receipts (FIRST_STATUSES), delays from seconds to three days.
  const first = (i: number) => FIRST_STATUSES[i % 10]!;
  const delay = (i: number) => [2, 7, 45, 90, 400, 4_000, 50_000, 100_000, 200_000, 15][i % 10]! + (i % 13);
  await store(Array.from({ length: count }, (_, i) => receipt(i, first(i), delay(i))));
  expect(await applyAllTwoAtOnce()).toBeGreaterThanOrEqual(2);
  expect(await kept()).toEqual(await recount());

  // Then, mixed in one stream: every first receipt again (replays); delivered messages failed by a later receipt
  // (0, 1); absent ones delivered later (5); messages on their way delivered (7, 8); a later delivery receipt moving
  // the delay (3); receipts older than the one applied (2, 9: change nothing) — some messages twice in one lot.
  const later: ReceiptRow[] = [];
  for (let i = 0; i < count; i++) {
    later.push(receipt(i, first(i), delay(i)));
    const kind = i % 10;
    if (kind === 0 || kind === 1) later.push(receipt(i, "DeliveryImpossible", delay(i) + 600));
    if (kind === 5 || kind === 7 || kind === 8) later.push(receipt(i, "DeliveredToTerminal", delay(i) + 30_000));
    if (kind === 3) later.push(receipt(i, "DeliveredToTerminal", delay(i) + 7_200));
    if (kind === 2 || kind === 9) later.push(receipt(i, "AbsentSubscriber", delay(i) - 1));
  }
  await store(later);
  expect(await applyAllTwoAtOnce()).toBeGreaterThanOrEqual(3);

  const { rows: states } = await pool().query<{ kind: number; state: string; class: string | null; n: number }>(
    `SELECT (row_number() OVER (ORDER BY id) - 1) % 10 AS kind, state, "failureClass" AS class, 1 AS n
     FROM "Message" WHERE "batchId" = $1`,
    [id],
  );
  const outcome = (kind: number) => [
    ...new Set(states.filter((s) => Number(s.kind) === kind).map((s) => `${s.state} ${s.class ?? ""}`.trim())),
  ];
  expect(outcome(0)).toEqual(["FAILED INVALID_NUMBER"]); // delivered, then failed
  expect(outcome(2)).toEqual(["DELIVERED"]); // the older failure changed nothing
  expect(outcome(5)).toEqual(["DELIVERED"]); // absent, then delivered
  expect(outcome(6)).toEqual(["FAILED INVALID_NUMBER"]);
  expect(outcome(8)).toEqual(["DELIVERED"]); // an unknown status, then delivered

  expect(await kept()).toEqual(await recount());
  const total = [...(await kept()).values()].reduce((sum, c) => sum + c.outcomes[0]!, 0);
  expect(total).toBe(count);
});
