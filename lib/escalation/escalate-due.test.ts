// SMS → voice escalation against a real PostgreSQL (docs/escalation.md): the SMS are claimed and recorded by the real
// dispatch statements with a chosen send time (time "passes" by sending in the past), receipts' effects are set on
// the messages, and the escalation chore's statement is run by hand — so each edge is exact: the deadline's boundary,
// who is never called, repeat and concurrent runs, a receipt that beats the call, pause and cancel of the parent.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account, countRows } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { cancelBatch } from "@/lib/batches/cancel-batch";
import { createBatch, type CreateBatchInput } from "@/lib/batches/create-batch";
import { pauseBatch } from "@/lib/batches/pause-batch";
import { resumeBatch } from "@/lib/batches/resume-batch";
import { listMessages } from "@/lib/batches/list-messages";
import { author, uploadFile } from "@/test/upload-helpers";
import { completeFinishedBatches } from "@/lib/dispatch/batch-state";
import { claimChunk } from "@/lib/dispatch/claim";
import { recordResponse } from "@/lib/dispatch/record";
import { escalateDue } from "./escalate-due";
import { SMS_ARRIVED } from "./sms-arrived-sql";

let offset = 0;

const accountId = await account({ defaultOriginator: "254700000099" });

/** An SMS batch with escalation after `minutes`, of `count` fresh numbers; `extra` sets what else the test needs. */
async function smsBatch(count: number, minutes = 5, extra: Partial<CreateBatchInput> = {}) {
  const phones = Array.from({ length: count }, (_, i) => `2547${String(30_000_000 + offset + i).slice(-8)}`);
  offset += count;
  const { id } = await createBatch({
    kind: "SMS",
    accountId,
    authorId: null,
    name: `escalation ${offset}`,
    templateText: "Your clinic visit is tomorrow at 9.",
    sender: "TUMA",
    escalateAfterMinutes: minutes,
    recipients: phones.map((phone) => ({ phone })),
    ...extra,
  });
  return { id, phones };
}

/** Sends every chunk of the batch as if its requests went out `secondsAgo` seconds ago (by the database's clock). */
async function sendAll(batchId: string, secondsAgo: number) {
  const { rows } = await pool().query<{ at: Date }>(`SELECT now() - make_interval(secs => $1) AS at`, [secondsAgo]);
  for (;;) {
    const chunk = await claimChunk(batchId, 1);
    if (!chunk) return;
    const accepted = chunk.messages.map((m) => ({
      id: m.id,
      uniqueId: randomUUID(),
      providerBatchId: null,
      smsUnits: 1,
      operator: "Safaricom",
    }));
    await recordResponse({ ...chunk, claimedAt: rows[0]!.at }, accepted, [], []);
  }
}

/** What a receipt (or the provider's answer) leaves on a message. */
async function setState(batchId: string, phone: string, state: string, failureClass: string | null = null) {
  await pool().query(
    `UPDATE "Message" SET state = $3::"MessageState", "failureClass" = $4 WHERE "batchId" = $1 AND phone = $2`,
    [batchId, phone, state, failureClass],
  );
}

async function calls(parentId: string) {
  const { rows } = await pool().query<{ phone: string; state: string; text: string | null; lastError: string | null }>(
    `SELECT m.phone, m.state::text, m.text, m."lastError" FROM "Batch" ch JOIN "Message" m ON m."batchId" = ch.id
     WHERE ch."escalatesBatchId" = $1 ORDER BY m.phone`,
    [parentId],
  );
  return rows;
}

const child = (parentId: string) => db.batch.findUnique({ where: { escalatesBatchId: parentId } });

const dueChunks = (batchId: string) =>
  countRows(`"DispatchChunk" WHERE "batchId" = $1 AND "escalateAt" IS NOT NULL`, [batchId]);

/** Runs the chore until nothing is due (other tests' batches may be due too). */
async function escalateAll() {
  while ((await escalateDue()).chunks > 0);
}

test("the deadline is exact: sent 4 min 50 s ago nobody is called; sent 5 min 1 s ago, everyone undelivered is", async () => {
  const early = await smsBatch(3);
  const late = await smsBatch(3);
  await sendAll(early.id, 5 * 60 - 10);
  await sendAll(late.id, 5 * 60 + 1);
  await escalateAll();
  expect(await child(early.id)).toBeNull();
  expect(await dueChunks(early.id)).toBe(1); // still waiting for its deadline
  expect((await calls(late.id)).map((c) => c.phone)).toEqual(late.phones);
  expect(await dueChunks(late.id)).toBe(0);
  const voice = (await child(late.id))!;
  expect(voice).toMatchObject({
    kind: "VOICE",
    state: "SENDING",
    recipientCount: 3,
    originator: "254700000099",
    templateText: "Your clinic visit is tomorrow at 9.",
  });
});

test("delivered, opted-out, blacklisted, invalid and refused numbers are never called; unknown and absent ones are", async () => {
  const batch = await smsBatch(7, 5, {
    escalationText: "Habari, this is the clinic calling about tomorrow.",
    escalationVoice: 2,
    escalationRepeat: 3,
  });
  const [delivered, optedOut, blacklisted, invalid, refused, unknown, absent] = batch.phones as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  await sendAll(batch.id, 6 * 60);
  await setState(batch.id, delivered, "DELIVERED");
  await db.optOut.create({ data: { phone: optedOut, reason: "STOP" } });
  await setState(batch.id, blacklisted, "FAILED", "BLACKLISTED");
  await setState(batch.id, invalid, "FAILED", "INVALID_NUMBER");
  await setState(batch.id, refused, "REJECTED");
  await setState(batch.id, unknown, "UNKNOWN");
  await setState(batch.id, absent, "FAILED", "ABSENT");
  await escalateAll();
  expect((await calls(batch.id)).map((c) => c.phone)).toEqual([unknown, absent]);
  expect(await child(batch.id)).toMatchObject({
    templateText: "Habari, this is the clinic calling about tomorrow.",
    voice: 2,
    repeat: 3,
  });
});

test("repeat and concurrent runs, and a deadline seen again after a crash, never call anyone twice", async () => {
  const batch = await smsBatch(250);
  await sendAll(batch.id, 10 * 60);
  // Two workers at once, then again.
  await Promise.all([escalateDue(), escalateDue(), escalateDue()]);
  await escalateAll();
  expect(await calls(batch.id)).toHaveLength(250);
  // As if a worker died before clearing the deadlines: they come due again, and nobody is called again.
  await pool().query(`UPDATE "DispatchChunk" SET "escalateAt" = now() - interval '1 second' WHERE "batchId" = $1`, [
    batch.id,
  ]);
  await Promise.all([escalateDue(), escalateDue()]);
  await escalateAll();
  expect(await calls(batch.id)).toHaveLength(250);
  const voice = (await child(batch.id))!;
  expect(voice.recipientCount).toBe(250);
  // The database itself refuses a second call for one SMS.
  const { rows } = await pool().query<{ parent: string }>(
    `SELECT "parentMessageId"::text AS parent FROM "Escalation" WHERE "childBatchId" = $1 LIMIT 1`,
    [voice.id],
  );
  await expect(
    pool().query(`INSERT INTO "Escalation" ("parentMessageId", "childMessageId", "childBatchId") VALUES ($1, 1, $2)`, [
      rows[0]!.parent,
      voice.id,
    ]),
  ).rejects.toThrow(/duplicate key/);
  // The calls' chunks hold at most a request's 100 each, and every call once.
  const chunks = await db.dispatchChunk.findMany({ where: { batchId: voice.id } });
  expect(chunks.map((c) => c.size).sort((a, b) => a - b)).toEqual([50, 100, 100]);
});

test("a receipt that arrives after the call is queued but before it is placed cancels that call, and only that one", async () => {
  const batch = await smsBatch(2);
  const [late, silent] = batch.phones as [string, string];
  await sendAll(batch.id, 6 * 60);
  await escalateAll();
  expect(await calls(batch.id)).toHaveLength(2);
  await setState(batch.id, late, "DELIVERED"); // the SMS's receipt, at last
  const voice = (await child(batch.id))!;
  const claimed = await claimChunk(voice.id, 1);
  expect(claimed!.messages.map((m) => m.phone)).toEqual([silent]);
  expect(await calls(batch.id)).toEqual([
    { phone: late, state: "CANCELLED", text: null, lastError: SMS_ARRIVED },
    { phone: silent, state: "PENDING", text: null, lastError: null },
  ]);
});

test("pausing the SMS batch pauses its calls and holds its deadlines; resuming goes on; cancelling cancels both", async () => {
  const batch = await smsBatch(250);
  await sendAll(batch.id, 6 * 60);
  // The first lot of deadlines only: then the batch is paused with the rest still due.
  expect((await escalateDue(1)).calls).toBe(100);
  const voice = (await child(batch.id))!;
  expect(await pauseBatch(batch.id, "checking the list", null)).toBe(true);
  expect((await child(batch.id))!.state).toBe("PAUSED");
  await escalateAll();
  expect(await calls(batch.id)).toHaveLength(100);
  expect(await dueChunks(batch.id)).toBe(2);
  expect(await claimChunk(voice.id, 1)).toBeNull(); // nothing is called while paused
  // The calls are not finished while their SMS batch may still hand them more.
  expect(await completeFinishedBatches([voice.id])).toEqual([]);

  expect(await resumeBatch(batch.id, null)).toBe(true);
  expect((await child(batch.id))!.state).toBe("SENDING");
  expect((await escalateDue(1)).calls).toBe(100);
  expect(await calls(batch.id)).toHaveLength(200);

  expect(await cancelBatch(batch.id, null)).not.toBeNull();
  expect((await child(batch.id))!.state).toBe("CANCELLED");
  await escalateAll();
  const after = await calls(batch.id);
  expect(after).toHaveLength(200); // the last chunk's deadline passed with nobody called
  expect(after.every((c) => c.state === "CANCELLED")).toBe(true);
  expect(await dueChunks(batch.id)).toBe(0);
});

test("a batch without escalation gets no deadlines, and its SMS are never called", async () => {
  const batch = await smsBatch(2, 5, { escalateAfterMinutes: null });
  await sendAll(batch.id, 60 * 60);
  expect(await dueChunks(batch.id)).toBe(0);
  await escalateAll();
  expect(await child(batch.id)).toBeNull();
});

test("the calls batch of a list's SMS batch has the list: its calls carry their rows' columns and are found by name", async () => {
  const upload = await uploadFile(
    await author(),
    "calls-list.csv",
    "phone,name\n0731900001,Amina Otieno\n0731900002,Baraka Mwangi\n",
    4096,
  );
  const { id } = await smsBatch(0, 5, {
    name: "list escalation",
    recipients: [
      { phone: "254731900001", listRow: 2 },
      { phone: "254731900002", listRow: 3 },
    ],
  });
  await pool().query(`UPDATE "Batch" SET "listId" = $2 WHERE id = $1`, [id, upload.id]);
  await sendAll(id, 5 * 60 + 1);
  await escalateAll();
  const voice = (await child(id))!;
  expect(voice.listId).toBe(upload.id);
  const all = await listMessages(voice.id);
  expect(all.rows.map((r) => [r.phone, r.cells])).toEqual([
    ["254731900001", ["0731900001", "Amina Otieno"]],
    ["254731900002", ["0731900002", "Baraka Mwangi"]],
  ]);
  const found = await listMessages(voice.id, { search: { text: "baraka", phone: null, correlator: null } });
  expect(found.rows.map((r) => r.phone)).toEqual(["254731900002"]);
});

test("each recipient is called in their language: their variant's script, or their own SMS text; the calls' voice language is the variant's", async () => {
  const languagesAccount = await account({
    defaultOriginator: "254700000098",
    languageField: "lang",
    languages: ["sw", "en-KE"],
  });
  const phones = ["254733000001", "254733000002", "254733000003"];
  const { id } = await smsBatch(0, 5, {
    accountId: languagesAccount,
    name: "escalation languages",
    templateText: "Default SMS.",
    escalationText: "Default call script.",
    variants: [
      { language: "sw", text: "Ujumbe wa Kiswahili.", escalationText: "Simu kwa Kiswahili." },
      { language: "en", text: "English SMS." },
    ],
    recipients: [{ phone: phones[0]!, language: "sw" }, { phone: phones[1]!, language: "en" }, { phone: phones[2]! }],
  });
  await sendAll(id, 5 * 60 + 1);
  await escalateAll();
  const voice = (await child(id))!;
  const placed = await db.message.findMany({ where: { batchId: voice.id }, orderBy: { phone: "asc" } });
  expect(placed.map((m) => [m.phone, m.language, m.text ?? voice.templateText])).toEqual([
    [phones[0], "sw", "Simu kwa Kiswahili."],
    // No English script: the recipient's own (English) SMS is read, not the default's script.
    [phones[1], "en", "English SMS."],
    [phones[2], null, "Default call script."],
  ]);
  // sw is a value the account allows; en is not (it has en-KE): that call goes without a language field.
  expect(voice.variants).toEqual([
    { language: "sw", text: "Simu kwa Kiswahili.", voiceLanguage: "sw" },
    { language: "en", text: "English SMS.", voiceLanguage: null },
  ]);
});
