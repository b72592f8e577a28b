// Pause and resend commit with their audit event or not at all: a test-only trigger makes writing the event fail,
// and the change must then be rolled back with it (before, the change committed first and the event after, so an
// event that failed left a pause or a resend nobody could trace).
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { pauseAccountBatches } from "@/lib/dispatch/batch-state";
import { heldBatch, numbersFrom } from "@/test/small-batch";
import { pauseBatch } from "./pause-batch";
import { resendBatch } from "./resend-batch";

let offset = 0;

const accountId = await account();
await pool().query(`
  CREATE TABLE refused_actions (action text PRIMARY KEY);
  CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM refused_actions WHERE action = NEW.action) THEN RAISE EXCEPTION 'audit refused'; END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER refuse_audit BEFORE INSERT ON "AuditEvent" FOR EACH ROW EXECUTE FUNCTION refuse_audit();`);

async function refusing<T>(action: string, work: () => Promise<T>): Promise<unknown> {
  await pool().query(`INSERT INTO refused_actions VALUES ($1)`, [action]);
  try {
    return await work().then(
      () => "done",
      (error: unknown) => error,
    );
  } finally {
    await pool().query(`DELETE FROM refused_actions`);
  }
}

/** A batch in SENDING (set directly: no worker runs here) whose recipients ended FAILED. */
async function sendingBatch(count = 3) {
  offset += 100;
  const id = await heldBatch(accountId, `b${offset}`, numbersFrom(30_000_000 + offset, count), { templateText: "Hi" });
  await pool().query(`UPDATE "Batch" SET state = 'SENDING' WHERE id = $1`, [id]);
  await pool().query(`UPDATE "Message" SET state = 'FAILED' WHERE "batchId" = $1`, [id]);
  return id;
}

const state = async (id: string) => (await db.batch.findUniqueOrThrow({ where: { id } })).state;
const events = (id: string, action: string) => db.auditEvent.count({ where: { targetId: id, action } });

test("a pause whose audit event cannot be written does not happen; one that can is paused and audited once", async () => {
  const id = await sendingBatch();
  expect(String(await refusing("batch.pause", () => pauseBatch(id, "by hand", null)))).toMatch(/audit refused/);
  expect(await state(id)).toBe("SENDING");
  expect(await pauseBatch(id, "by hand", null)).toBe(true);
  expect([await state(id), await events(id, "batch.pause")]).toEqual(["PAUSED", 1]);
});

test("the worker's pause of an account's batches (after a 401) is audited per batch, in the same transaction", async () => {
  const [a, b] = [await sendingBatch(), await sendingBatch()];
  expect(String(await refusing("batch.pause", () => pauseAccountBatches(accountId, "401")))).toMatch(/audit refused/);
  expect([await state(a), await state(b)]).toEqual(["SENDING", "SENDING"]);
  expect(await pauseAccountBatches(accountId, "401")).toBeGreaterThanOrEqual(2);
  expect([await events(a, "batch.pause"), await events(b, "batch.pause")]).toEqual([1, 1]);
});

test("a resend whose audit event cannot be written creates no child and takes no recipient", async () => {
  const id = await sendingBatch(5);
  await pool().query(`UPDATE "Batch" SET state = 'COMPLETED' WHERE id = $1`, [id]);
  expect(String(await refusing("batch.resend", () => resendBatch(id, { temporary: true }, null)))).toMatch(
    /audit refused/,
  );
  expect(await db.batch.count({ where: { parentBatchId: id } })).toBe(0);
  expect(await db.message.count({ where: { batchId: id, resentToBatchId: { not: null } } })).toBe(0);
  const child = await resendBatch(id, { temporary: true }, null);
  const audit = await db.auditEvent.findFirstOrThrow({ where: { targetId: id, action: "batch.resend" } });
  expect(audit.detail).toEqual({ childBatchId: child.id, scope: { temporary: true }, recipients: 5 });
});
