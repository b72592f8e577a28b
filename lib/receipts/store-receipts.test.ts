// Group commit: receipts of concurrent callbacks share one INSERT; a value the database refuses fails only the
// callback that sent it.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { storeReceipts, type ReceiptRow } from "./store-receipts";

test("one bad receipt in a group commit fails alone; the good ones of the same group are stored", async () => {
  const accountId = await account();
  const row = (phone: string): ReceiptRow => ({
    accountId,
    uniqueId: `u-${phone}`,
    correlator: null,
    phone,
    deliveryStatus: "DeliveredToTerminal",
    deliveryTime: "2026-11-22 10:00:00",
    deliveryAt: new Date(),
    raw: "{}",
  });
  // Six callbacks at once: two commits start at once, the other four wait and go as one group.
  const outcomes = await Promise.allSettled([
    storeReceipts([row("254700000001")]),
    storeReceipts([row("254700000002")]),
    storeReceipts([row("254700000003")]),
    storeReceipts([row("2547\u00004")]), // PostgreSQL refuses NUL in text (22021)
    storeReceipts([row("254700000005")]),
    storeReceipts([row("254700000006")]),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual([
    "fulfilled",
    "fulfilled",
    "fulfilled",
    "rejected",
    "fulfilled",
    "fulfilled",
  ]);
  const stored = await db.receipt.findMany({
    where: { accountId },
    select: { phone: true },
    orderBy: { phone: "asc" },
  });
  expect(stored.map((r) => r.phone)).toEqual([
    "254700000001",
    "254700000002",
    "254700000003",
    "254700000005",
    "254700000006",
  ]);
});
