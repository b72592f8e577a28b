// Storing receipts durably before answering the provider, with group commit: concurrent callbacks wait for the
// same INSERT, so a thousand receipts a second cost tens of commits, not a thousand. Applying them to messages is
// separate work (apply-receipts.ts), so a burst of receipts never slows the provider's callbacks.
import "server-only";
import { arrayLiteral } from "@/lib/db/array-literal";
import { pool } from "@/lib/db/pool";
import { normalizePhone } from "@/lib/provider/wire/phone";

export type ReceiptRow = {
  accountId: string;
  uniqueId: string | null;
  correlator: string | null;
  phone: string | null;
  deliveryStatus: string;
  deliveryTime: string | null;
  deliveryAt: Date | null;
  raw: string;
};

type Waiter = { rows: ReceiptRow[]; resolve: () => void; reject: (error: unknown) => void };

const MAX_ROWS_PER_COMMIT = 5_000;
/** Two commits may be in flight: one being written while the next gathers. */
const MAX_CONCURRENT_COMMITS = 2;

const globalForWriter = globalThis as unknown as { tumaReceiptWriter?: { queue: Waiter[]; inFlight: number } };
const writer = (globalForWriter.tumaReceiptWriter ??= { queue: [], inFlight: 0 });

/** Resolves once every row is committed (durable); rejects if the commit failed (nothing of it was stored). */
export function storeReceipts(rows: ReceiptRow[]): Promise<void> {
  return new Promise((resolve, reject) => {
    writer.queue.push({ rows, resolve, reject });
    pump();
  });
}

function pump(): void {
  while (writer.inFlight < MAX_CONCURRENT_COMMITS && writer.queue.length > 0) {
    const group: Waiter[] = [];
    let size = 0;
    while (
      writer.queue.length > 0 &&
      (group.length === 0 || size + writer.queue[0]!.rows.length <= MAX_ROWS_PER_COMMIT)
    ) {
      const next = writer.queue.shift()!;
      group.push(next);
      size += next.rows.length;
    }
    writer.inFlight++;
    void commitGroup(group).finally(() => {
      writer.inFlight--;
      pump();
    });
  }
}

/**
 * One commit for the group; if the database refuses a value in it, each callback's receipts are committed on their
 * own, so one bad receipt never fails the good ones that happened to share its commit.
 */
async function commitGroup(group: Waiter[]): Promise<void> {
  try {
    await commit(group.flatMap((waiter) => waiter.rows));
    group.forEach((waiter) => waiter.resolve());
  } catch (error) {
    if (group.length === 1 || !isDataException(error)) {
      group.forEach((waiter) => waiter.reject(error));
      return;
    }
    await Promise.all(
      group.map((waiter) =>
        commit(waiter.rows).then(
          () => waiter.resolve(),
          (own: unknown) => waiter.reject(own),
        ),
      ),
    );
  }
}

/** PostgreSQL's class 22: the data itself was refused (bad encoding, NUL in text, out of range), not the server. */
export function isDataException(error: unknown): boolean {
  const code =
    typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  return code.startsWith("22");
}

async function commit(rows: ReceiptRow[]): Promise<void> {
  // The receipts and their place on the applier's work list, in one statement and one commit. Each column goes as
  // one array literal built here (lib/db/array-literal.ts: node-postgres's element-by-element build cost more).
  await pool().query(
    `WITH stored AS (
       INSERT INTO "Receipt" ("accountId", "uniqueId", correlator, phone, "deliveryStatus", "deliveryTime", "deliveryAt", raw)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[])
       RETURNING id
     )
     INSERT INTO "ReceiptQueue" ("receiptId") SELECT id FROM stored`,
    [
      arrayLiteral(rows.map((r) => r.accountId)),
      arrayLiteral(rows.map((r) => r.uniqueId)),
      arrayLiteral(rows.map((r) => r.correlator)),
      arrayLiteral(rows.map((r) => normalised(r.phone))),
      arrayLiteral(rows.map((r) => r.deliveryStatus)),
      arrayLiteral(rows.map((r) => r.deliveryTime)),
      arrayLiteral(rows.map((r) => r.deliveryAt)),
      arrayLiteral(rows.map((r) => r.raw)),
    ],
  );
}

/**
 * The 254… form we store numbers in, when the provider sent another form; otherwise as received. Done here, where
 * every receipt is stored, because the applier matches the stored number as it is (apply-receipts.ts).
 */
function normalised(phone: string | null): string | null {
  if (phone === null) return null;
  const check = normalizePhone(phone, { lenient: true });
  return check.ok ? check.phone : phone;
}
