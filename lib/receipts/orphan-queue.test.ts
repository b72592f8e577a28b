// The applier's work list outliving its receipts: rows whose receipt is gone (its week's partition dropped by
// retention) are taken off the list, and the receipts behind them are applied. Before, a lot made only of such rows
// was found empty and taken again, first in line, every time: the applier stood still for good.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { account, receipts } from "@/test/report-data";
import { applyPendingReceipts } from "./apply-receipts";

test("work-list rows whose receipt is gone leave the list, and the receipts behind them are applied", async () => {
  const accountId = await account();
  const [real] = await receipts([
    { accountId, uniqueId: "behind", phone: "254799000002", deliveryStatus: "DeliveredToTerminal", applied: false },
  ]);
  // More missing receipts than one lot holds (5,000), all ahead of the real one on the list.
  await pool().query(
    `INSERT INTO "ReceiptQueue" ("receiptId") SELECT g FROM generate_series(1, 6000) g;
     INSERT INTO "ReceiptQueue" ("receiptId") VALUES (${BigInt(real!)})`,
  );
  for (let round = 0; round < 3; round++) await applyPendingReceipts();

  const { rows: queue } = await pool().query<{ receiptId: string; attempts: number }>(
    `SELECT "receiptId"::text AS "receiptId", attempts FROM "ReceiptQueue" ORDER BY 1`,
  );
  // Only the real receipt is left: it matched no message, so it stays to be tried again (once tried so far).
  expect(queue).toEqual([{ receiptId: real, attempts: 1 }]);
  const { rows } = await pool().query<{ reason: string | null; applied: boolean }>(
    `SELECT "unmatchedReason" AS reason, "appliedAt" IS NOT NULL AS applied FROM "Receipt" WHERE id = $1`,
    [real],
  );
  expect(rows[0]).toEqual({ reason: "no_message", applied: true });
});
