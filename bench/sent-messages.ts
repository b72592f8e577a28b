// Sent messages and their receipts, for the benchmarks that apply receipts (receipts, webhooks, message cost, rollup
// cost): a batch sent to the sandbox by a worker in this process, so that its messages have provider ids as in
// production; those messages read back; and receipts for them stored as the receipts route stores them.
import { createBatch, type CreateBatchInput } from "../lib/batches/create-batch";
import { pool } from "../lib/db/pool";
import { startWorker } from "../lib/dispatch/worker";
import { applyPendingReceipts } from "../lib/receipts/apply-receipts";
import { storeReceipts, type ReceiptRow } from "../lib/receipts/store-receipts";
import { waitFor } from "../test/dispatch-harness";
import { seedAccount, smsBatch, type BenchEnv } from "./bench-env";

export type SentMessage = { id: string; phone: string; uniqueId: string };

/** `input` created, and sent by a worker in this process (as in `npm start`) until every message is QUEUED. */
export async function sendAll(input: CreateBatchInput & { recipients: unknown[] }): Promise<void> {
  const worker = await startWorker({ receiptBaseUrl: "http://127.0.0.1:9" });
  try {
    await createBatch(input);
    await waitFor(
      async () =>
        (await pool().query<{ n: number }>(`SELECT COALESCE(sum("queuedCount"), 0)::int AS n FROM "Batch"`)).rows[0]!.n,
      (queued) => queued >= input.recipients.length,
      180_000,
      `every message of ${input.name} queued`,
    );
  } finally {
    await worker.stop();
  }
}

/** An account seeded, and `messages` recipients sent to the sandbox from it. */
export async function seedSentMessages(env: BenchEnv, messages: number) {
  const ids = await seedAccount(env);
  await sendAll(smsBatch(ids, "receipts bench", messages));
  return ids;
}

/** Every message, in id order; each must have been sent (it has its provider id). */
export async function sentMessages(): Promise<SentMessage[]> {
  const { rows } = await pool().query<SentMessage>(
    `SELECT id::text, phone, "providerUniqueId" AS "uniqueId" FROM "Message" ORDER BY id`,
  );
  const unsent = rows.filter((m) => !m.uniqueId).length;
  if (unsent) throw new Error(`${unsent} of ${rows.length} messages were not sent`);
  return rows;
}

/** A receipt for `m` as storeReceipts takes it from the route: delivered (unless told) at `at`. */
export function receiptRow(
  accountId: string,
  m: SentMessage,
  at: Date,
  deliveryStatus = "DeliveredToTerminal",
  raw = "{}",
): ReceiptRow {
  const deliveryTime = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)}`; // the provider's form
  return {
    accountId,
    uniqueId: m.uniqueId,
    correlator: m.id,
    phone: m.phone,
    deliveryStatus,
    deliveryTime,
    deliveryAt: at,
    raw,
  };
}

/** `rows` stored by storeReceipts, `perCall` a call, `calls` calls at once (callbacks in flight together). */
export async function storeAll(rows: ReceiptRow[], perCall = 5_000, calls = 1): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: calls }, async () => {
      for (let i = next; i < rows.length; i = next) {
        next += perCall;
        await storeReceipts(rows.slice(i, i + perCall));
      }
    }),
  );
}

/** Stored receipts applied by the applier until none is left: the seconds it took. */
export async function applyAll(): Promise<number> {
  const started = performance.now();
  while ((await applyPendingReceipts()).taken > 0);
  return (performance.now() - started) / 1000;
}
