// The duplicate-send guard against a real database (duplicate-guard.ts): the window's boundary, personalised texts
// that differ by one value, a number typed in two forms, what a batch leaves out and audits, the reason an inclusion
// needs, resends that pass, pruning, and a query plan that reads "SentText" by its key (never "Message").
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { textHash } from "@/lib/batches/text-hash";
import { author, refusal, uploadFile } from "@/test/upload-helpers";
import { composeSchema } from "./compose-schema";
import { cancelBatch } from "./cancel-batch";
import { createBatch } from "./create-batch";
import { createBatchFromList } from "./create-from-list";
import { compileTemplate } from "@/lib/recipients/render-template";
import {
  listRowsSent,
  listRowsSentPersonalised,
  pruneSentTexts,
  recentlySent,
  rememberSent,
  windowStart,
} from "./duplicate-guard";
import { findDuplicates } from "./find-duplicates";
import { planText } from "@/test/plans";

const HOUR = 3_600_000;

const authorId = await author();
const accountId = await account({ batchSizeLimit: 100, requestsPerSecond: 120 });

const batch = (templateText: string, phones: string[], extra: Record<string, unknown> = {}) =>
  createBatch(
    {
      kind: "SMS",
      accountId,
      authorId,
      name: "guarded",
      templateText,
      sender: "TUMA",
      scheduledAt: new Date(Date.now() + HOUR),
      recipients: phones.map((phone) => ({ phone })),
      ...extra,
    },
    { guardDuplicates: true },
  );

async function list(name: string, rows: [string, string][]): Promise<string> {
  const csv = `phone,name\n${rows.map(([phone, value]) => `${phone},${value}`).join("\n")}\n`;
  const upload = await uploadFile(authorId, `${name}.csv`, csv, 4096);
  return upload.id;
}

test("the window is (now − 24 h, now]: a text sent exactly 24 h ago is not a duplicate, one sent a millisecond later is", async () => {
  const now = new Date("2026-11-20T09:00:00.000Z");
  await rememberSent(
    pool(),
    crypto.randomUUID(),
    ["254711000001"],
    ["Boundary text"],
    new Date(now.getTime() - 24 * HOUR),
  );
  await rememberSent(
    pool(),
    crypto.randomUUID(),
    ["254711000002"],
    ["Boundary text"],
    new Date(now.getTime() - 24 * HOUR + 1),
  );
  const since = windowStart(now, 24);
  const found = await recentlySent(["254711000001", "254711000002"], ["Boundary text", "Boundary text"], since);
  expect(found).toEqual([1]);
});

test("personalised texts that differ by one merge value are different texts: only the recipients whose own text repeats are left out", async () => {
  const first = await list("first", [
    ["254722000001", "Amina"],
    ["254722000002", "Baraka"],
    ["254722000003", "Chebet"],
  ]);
  const made = await createBatchFromList(
    { ...listSettings("Habari {{name}}, karibu!"), listId: first },
    { guardDuplicates: true },
  );
  expect(made.resent).toEqual({ found: 0, excluded: 0 });
  // The same numbers, one name changed by a letter: that recipient's text is new.
  const second = await list("second", [
    ["254722000001", "Amina"],
    ["254722000002", "Barako"],
    ["254722000003", "Chebet"],
  ]);
  const asked = await findDuplicates({ templateText: "Habari {{name}}, karibu!", listId: second });
  expect(asked.recipients).toEqual([
    { row: 2, phone: "254722000001", batchId: made.id },
    { row: 4, phone: "254722000003", batchId: made.id },
  ]);
  const again = await createBatchFromList(
    { ...listSettings("Habari {{name}}, karibu!"), listId: second },
    { guardDuplicates: true },
  );
  expect(again).toMatchObject({ recipients: 1, resent: { found: 2, excluded: 2 } });
  const { rows } = await pool().query(`SELECT phone, text FROM "Message" WHERE "batchId" = $1`, [again.id]);
  expect(rows).toEqual([{ phone: "254722000002", text: "Habari Barako, karibu!" }]);
});

test("PostgreSQL renders and hashes a personalised text exactly as this process does: accents, emoji, quotes, an empty value, a column used twice", async () => {
  const rows: [string, string][] = [
    ["254723000001", "Wanjikũ"],
    ["254723000002", "Zawadi 😀"],
    ["254723000003", '"Otieno, J"'],
    ["254723000004", ""],
  ];
  const listId = await list("awkward", rows);
  const template = "Habari {{name}} — {{ NAME }}! Karibu.";
  const compiled = compileTemplate(template, ["phone", "name"]);
  const texts = [
    ["0723000001", "Wanjikũ"],
    ["0723000002", "Zawadi 😀"],
    ["0723000003", "Otieno, J"],
    ["0723000004", ""],
  ].map((values) => compiled.render(values).text);
  await rememberSent(
    pool(),
    crypto.randomUUID(),
    rows.map(([phone]) => phone),
    texts,
    new Date(),
  );
  const found = await listRowsSentPersonalised(listId, compiled, windowStart(new Date(), 24));
  expect(found.map((f) => f.phone)).toEqual(rows.map(([phone]) => phone));
});

test("a number typed as 07… and later as 2547… is the same recipient", async () => {
  await batch("Two forms", ["0733000001", "0733000002"]);
  const made = await batch("Two forms", ["254733000001", "+254733000003"]);
  expect(made).toMatchObject({ recipients: 1, resent: { found: 1, excluded: 1 } });
  const { rows } = await pool().query(`SELECT phone FROM "Message" WHERE "batchId" = $1`, [made.id]);
  expect(rows).toEqual([{ phone: "254733000003" }]);
  const error = await refusal(batch("Two forms", ["0733000001"]));
  expect(error.message).toMatch(/All 1 recipient\(s\) were sent this text recently/);
});

test("including them needs a reason, and the reason and the count are audited with the batch", async () => {
  await batch("Include me", ["254744000001"]);
  const form = {
    kind: "SMS",
    accountId,
    name: "again",
    templateText: "Include me",
    sender: "TUMA",
    recipients: "254744000001",
    includeDuplicates: "on",
  };
  const parsed = composeSchema.safeParse(form);
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(["duplicateReason"]);
  expect(composeSchema.safeParse({ ...form, duplicateReason: "   " }).success).toBe(false);

  const made = await batch("Include me", ["254744000001"], {
    includeDuplicates: true,
    duplicateReason: "The first send went out with the wrong date",
  });
  expect(made).toMatchObject({ recipients: 1, resent: { found: 1, excluded: 0 } });
  const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "batch.create", targetId: made.id } });
  expect(audit.detail).toMatchObject({
    resent: 1,
    resentExcluded: 0,
    resentReason: "The first send went out with the wrong date",
  });
});

test("a resend (a child batch) is not held back by the guard", async () => {
  const parent = await batch("Resend me", ["254755000001"]);
  const child = await batch("Resend me", ["254755000001"], { parentBatchId: parent.id });
  expect(child).toMatchObject({ recipients: 1, resent: { found: 0, excluded: 0 } });
});

test("opted-out recipients are not remembered as sent (they were never sent)", async () => {
  await db.optOut.create({ data: { phone: "254766000001" } });
  await batch("Not to the opted out", ["254766000001", "254766000002"]);
  const { rows } = await pool().query(`SELECT phone FROM "SentText" WHERE "textHash" = $1 ORDER BY phone`, [
    textHash("Not to the opted out"),
  ]);
  expect(rows).toEqual([{ phone: "254766000002" }]);
});

test("recipients a cancelled batch never sent are forgotten: a later batch with the same text includes them", async () => {
  // Scheduled an hour ahead and cancelled before it starts: nobody got it.
  const cancelled = await batch("Cancelled before it went", ["254767000001", "254767000002"]);
  expect(await cancelBatch(cancelled.id, authorId)).toBe(2);
  const again = await batch("Cancelled before it went", ["254767000001", "254767000002"]);
  expect(again).toMatchObject({ recipients: 2, resent: { found: 0, excluded: 0 } });
  // …and that batch's own sends are remembered: a third is held back.
  const third = await refusal(batch("Cancelled before it went", ["254767000001"]));
  expect(third.message).toMatch(/sent this text recently/);
});

test("what was sent before the window is pruned; what is inside it stays", async () => {
  const now = new Date();
  await rememberSent(pool(), crypto.randomUUID(), ["254777000001"], ["Old"], new Date(now.getTime() - 25 * HOUR));
  await rememberSent(pool(), crypto.randomUUID(), ["254777000002"], ["Old"], new Date(now.getTime() - 23 * HOUR));
  expect(await pruneSentTexts(now)).toBeGreaterThanOrEqual(1);
  const { rows } = await pool().query(`SELECT phone FROM "SentText" WHERE "textHash" = $1`, [textHash("Old")]);
  expect(rows).toEqual([{ phone: "254777000002" }]);
});

test("a list's check reads SentText by its primary key (hash first), and neither check reads Message", async () => {
  // Enough remembered texts that a scan of SentText would cost more than its key: 60,000 numbers, 20 texts.
  const phones = Array.from({ length: 60_000 }, (_, i) => `2547880${String(i).padStart(5, "0")}`);
  const sentBy = crypto.randomUUID();
  await rememberSent(
    pool(),
    sentBy,
    phones,
    phones.map((_, i) => `Text ${i % 20}`),
    new Date(),
  );
  await pool().query(`ANALYZE "SentText"`);
  const listId = await list("planned", [["254788000001", "x"]]);
  const since = windowStart(new Date(), 24);
  expect(await listRowsSent(listId, "Text 1", since)).toEqual([{ row: 2, phone: "254788000001", batchId: sentBy }]);
  const plan = await planText(
    `SELECT r."rowNumber" FROM "SentText" s JOIN "ListRecipient" r ON r.phone = s.phone AND r."listId" = $1
     WHERE s."textHash" = $2 AND s."sentAt" > $3`,
    [listId, textHash("Text 1"), since],
  );
  expect(plan).toMatch(/SentText_pkey/);
  expect(plan).not.toMatch(/Seq Scan on "?SentText/);
  expect(plan).not.toMatch(/Message/);
  const pairs = await planText(
    `SELECT c.i FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS c(phone, hash, i)
     JOIN "SentText" s ON s."textHash" = c.hash AND s.phone = c.phone WHERE s."sentAt" > $3`,
    [phones.slice(0, 100), phones.slice(0, 100).map(() => textHash("Text 1")), since],
  );
  expect(pairs).toMatch(/SentText_pkey/);
  expect(pairs).not.toMatch(/Message/);
});

function listSettings(templateText: string) {
  return {
    kind: "SMS" as const,
    accountId,
    authorId,
    name: "From list",
    templateText,
    sender: "TUMA",
    scheduledAt: new Date(Date.now() + HOUR),
  };
}
