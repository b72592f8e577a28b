// The units budget against a real database (docs/units-budget.md): a batch that exactly fits and one unit over, an
// override without a reason, by an operator and by an administrator (audited), what is committed as messages leave
// PENDING, opted-out numbers and multi-segment texts, two batches racing for the last units, the append-only ledger,
// and a top-up resuming only the batches the provider's 402 paused.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { createBatch } from "@/lib/batches/create-batch";
import { composeSchema } from "@/lib/batches/compose-schema";
import { pauseBatch } from "@/lib/batches/pause-batch";
import { author, refusal } from "@/test/upload-helpers";
import { recordPurchase } from "@/lib/purchases/record-purchase";
import { FIGURES_SQL, unitsFigures } from "./units-figures";
import { outOfUnitsReason } from "./out-of-units";
import { planText } from "@/test/plans";

let seq = 0;

/** `count` distinct numbers, none shared with another call. */
function numbers(count: number): string[] {
  seq++;
  return Array.from({ length: count }, (_, i) => `2547${String(seq * 1000 + i).padStart(8, "0")}`);
}

const batch = (accountId: string, phones: string[], extra: Record<string, unknown> = {}, text = "Budget test") =>
  createBatch({
    kind: "SMS",
    accountId,
    authorId: operatorId,
    name: `budget-${seq}`,
    templateText: text,
    sender: "TUMA",
    recipients: phones.map((phone) => ({ phone })),
    ...extra,
  });

const adminId = await author("ADMIN");
const operatorId = await author("OPERATOR");

test("an account with no ledger entry refuses nothing and is not budgeted", async () => {
  const id = await account();
  await batch(id, numbers(50));
  const figures = await unitsFigures(id);
  expect(figures.budgeted).toBe(false);
  expect(figures.committed).toBe(50);
});

test("a batch that exactly fits is created; one unit over is refused, naming overrideBudget, and nothing is stored", async () => {
  const id = await account();
  await recordPurchase({ accountId: id, units: 10, note: "first" }, adminId);
  const fits = await batch(id, numbers(10));
  expect(fits.recipients).toBe(10);
  expect(await unitsFigures(id)).toMatchObject({ budgeted: true, bought: 10, used: 0, balance: 10, committed: 10 });

  const before = await db.batch.count({ where: { accountId: id } });
  const error = await refusal(batch(id, numbers(1)));
  expect(error.code).toBe("INVALID_INPUT");
  expect(error.message).toMatch(/needs 1 units; the account's balance is 10, with 10 committed .*: 1 short/);
  expect(Object.keys(error.details ?? {})).toEqual(["overrideBudget"]);
  expect(await db.batch.count({ where: { accountId: id } })).toBe(before);
});

test("an override without a reason is refused by the schema (the form and the API) and by createBatch", async () => {
  const parsed = composeSchema.safeParse({
    kind: "SMS",
    accountId: "00000000-0000-4000-8000-000000000000",
    name: "x",
    templateText: "x",
    sender: "TUMA",
    recipients: "0712345678",
    overrideBudget: "on",
    budgetReason: "   ",
  });
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["budgetReason"]);

  const id = await account();
  await recordPurchase({ accountId: id, units: 1 }, adminId);
  const error = await refusal(batch(id, numbers(2), { overrideBudget: true, authorId: adminId }));
  expect(error.details?.budgetReason?.[0]).toMatch(/Say why/);
  expect(await db.batch.count({ where: { accountId: id } })).toBe(0);
});

test("an operator cannot override; an administrator can, with a reason, and the override is audited", async () => {
  const id = await account();
  await recordPurchase({ accountId: id, units: 5 }, adminId);
  const denied = await refusal(batch(id, numbers(8), { overrideBudget: true, budgetReason: "urgent" }));
  expect(denied.code).toBe("FORBIDDEN");
  expect(denied.details?.overrideBudget?.[0]).toMatch(/Only an administrator/);

  const made = await batch(id, numbers(8), {
    overrideBudget: true,
    budgetReason: "Outage notice; units ordered",
    authorId: adminId,
  });
  const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "units.override", targetId: made.id } });
  expect(audit.actorId).toBe(adminId);
  expect(audit.detail).toMatchObject({
    needs: 8,
    balance: 5,
    committed: 0,
    left: -3,
    reason: "Outage notice; units ordered",
  });
  // A batch that fits needs no override and writes no override event.
  await recordPurchase({ accountId: id, units: 100 }, adminId);
  const fits = await batch(id, numbers(2), { overrideBudget: true, budgetReason: "not needed", authorId: adminId });
  expect(await db.auditEvent.count({ where: { action: "units.override", targetId: fits.id } })).toBe(0);
});

test("committed is the unsent part: messages sent move units from committed to used; cancelled ones free theirs", async () => {
  const id = await account();
  await recordPurchase({ accountId: id, units: 100 }, adminId);
  // 161 GSM characters: two segments each.
  const made = await batch(id, numbers(20), {}, "x".repeat(161));
  expect(await unitsFigures(id)).toMatchObject({ committed: 40, balance: 100 });
  const ids = (await db.message.findMany({ where: { batchId: made.id }, select: { id: true }, orderBy: { id: "asc" } }))
    .slice(0, 5)
    .map((m) => m.id);
  await db.message.updateMany({ where: { id: { in: ids } }, data: { state: "QUEUED", smsUnits: 2 } });
  expect(await unitsFigures(id)).toMatchObject({ used: 10, balance: 90, committed: 30 });
  await pool().query(`UPDATE "Message" SET state = 'CANCELLED' WHERE "batchId" = $1 AND state = 'PENDING'`, [made.id]);
  await pool().query(`UPDATE "Batch" SET state = 'CANCELLED' WHERE id = $1`, [made.id]);
  expect(await unitsFigures(id)).toMatchObject({ used: 10, balance: 90, committed: 0 });
});

test("opted-out numbers cost nothing, so a batch that fits only without them is accepted", async () => {
  const id = await account();
  await recordPurchase({ accountId: id, units: 3 }, adminId);
  const phones = numbers(4);
  await db.optOut.create({ data: { phone: phones[0]!, reason: "test" } });
  const made = await batch(id, phones);
  expect(made.suppressed).toBe(1);
  expect(await unitsFigures(id)).toMatchObject({ committed: 3 });
});

test("units used before the first ledger entry are not charged to it", async () => {
  const id = await account();
  const old = await batch(id, numbers(4));
  await pool().query(`UPDATE "Message" SET state = 'QUEUED', "smsUnits" = 1 WHERE "batchId" = $1`, [old.id]);
  await recordPurchase({ accountId: id, units: 10 }, adminId);
  expect(await unitsFigures(id)).toMatchObject({ bought: 10, used: 0, balance: 10 });
});

test("two batches racing for the last units: exactly one is created", async () => {
  const id = await account();
  await recordPurchase({ accountId: id, units: 10 }, adminId);
  const results = await Promise.allSettled([batch(id, numbers(6)), batch(id, numbers(6))]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  expect(await db.batch.count({ where: { accountId: id } })).toBe(1);
});

test("the ledger is append-only; a negative correction needs a note", async () => {
  const id = await account();
  const { entryId } = await recordPurchase({ accountId: id, units: 10 }, adminId);
  await expect(pool().query(`UPDATE "UnitPurchase" SET units = 1000 WHERE id = $1`, [entryId])).rejects.toThrow(
    /append-only/,
  );
  const error = await refusal(recordPurchase({ accountId: id, units: -5 }, adminId));
  expect(error.details?.note).toBeDefined();
  await recordPurchase({ accountId: id, units: -5, note: "typed 10 instead of 5" }, adminId);
  expect((await unitsFigures(id)).bought).toBe(5);
  const events = await db.auditEvent.count({ where: { action: "units.purchase", targetId: id } });
  expect(events).toBe(2);
});

test("a top-up resumes the batches the provider's 402 paused, never one an operator paused, unless told not to", async () => {
  const id = await account();
  const provider = await batch(id, numbers(3));
  const operator = await batch(id, numbers(3));
  await pool().query(`UPDATE "Batch" SET state = 'PAUSED', "pauseReason" = $2 WHERE id = $1`, [
    provider.id,
    outOfUnitsReason("Insufficient units."),
  ]);
  expect(await pauseBatch(operator.id, "Checking the text", operatorId)).toBeTruthy();

  const kept = await recordPurchase({ accountId: id, units: 10, resumePaused: false }, adminId);
  expect(kept.resumed).toBe(0);
  expect((await db.batch.findUniqueOrThrow({ where: { id: provider.id } })).state).toBe("PAUSED");

  const topUp = await recordPurchase({ accountId: id, units: 10 }, adminId);
  expect(topUp.resumed).toBe(1);
  const after = await db.batch.findMany({ where: { id: { in: [provider.id, operator.id] } } });
  expect(Object.fromEntries(after.map((b) => [b.id, [b.state, b.pauseReason]]))).toEqual({
    [provider.id]: ["SENDING", null],
    [operator.id]: ["PAUSED", "Checking the text"],
  });
});

test("the figures never read a message: the plan touches only the ledger, batch rows and the account", async () => {
  const id = await account();
  const plan = await planText(FIGURES_SQL, [id, null]);
  expect(plan).toMatch(/"UnitPurchase"|UnitPurchase/);
  expect(plan).toMatch(/Batch/);
  expect(plan).not.toMatch(/Message|DispatchChunk/);
});

test("with escalation, the worst case counts: every recipient's call, a voice unit each", async () => {
  const id = await account();
  await recordPurchase({ accountId: id, units: 20, note: "escalation" }, adminId);
  // 10 SMS units fit; 10 more for the calls at worst make 20, which fits exactly; 11 recipients (22) do not.
  const escalated = { escalateAfterMinutes: 30 };
  const over = await refusal(batch(id, numbers(11), escalated));
  expect(Object.keys(over.details ?? {})).toEqual(["overrideBudget"]);
  expect(over.message).toMatch(/needs 22 units/);
  const fits = await batch(id, numbers(10), escalated);
  expect(fits.recipients).toBe(10);
});
