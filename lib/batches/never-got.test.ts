// Who of the recipients the duplicate-send guard leaves out never got the text (never-got.ts), against a real
// database: a delivered SMS and an SMS whose escalation call was answered count as got; failed, unknown and
// receipt-less ones do not; each earlier batch is named with its own count, the most first (issue 35: "1,810 already
// sent this text today; 399 of them never got it").
import { expect, test } from "vitest";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { author } from "@/test/upload-helpers";
import { createBatch } from "./create-batch";
import { answerDuplicates, findDuplicates } from "./find-duplicates";

const authorId = await author();
const accountId = await account({ batchSizeLimit: 100, requestsPerSecond: 120 });

const batch = (name: string, templateText: string, phones: string[]) =>
  createBatch(
    {
      kind: "SMS",
      accountId,
      authorId,
      name,
      templateText,
      sender: "TUMA",
      scheduledAt: new Date(Date.now() + 3_600_000),
      recipients: phones.map((phone) => ({ phone })),
    },
    { guardDuplicates: true },
  );

/** Sets each message's outcome: its state and, for an escalated SMS, its call's. */
async function outcomes(batchId: string, states: Record<string, [string, string | null]>) {
  for (const [phone, [state, call]] of Object.entries(states))
    await pool().query(
      `UPDATE "Message" SET state = $3::"MessageState", "callState" = $4::"MessageState" WHERE "batchId" = $1 AND phone = $2`,
      [batchId, phone, state, call],
    );
}

test("of those left out, the ones whose earlier message was not delivered nor its call answered, per earlier batch", async () => {
  const first = await batch("Monday reminder", "Clinic on Monday", [
    "254791000001",
    "254791000002",
    "254791000003",
    "254791000004",
    "254791000005",
  ]);
  await outcomes(first.id, {
    "254791000001": ["DELIVERED", null],
    "254791000002": ["FAILED", "ANSWERED"],
    "254791000003": ["FAILED", null],
    "254791000004": ["UNKNOWN", "FAILED"],
    "254791000005": ["QUEUED", null],
  });
  const second = await batch("Monday reminder, late list", "Clinic on Monday", ["254791000006", "254791000007"]);
  await outcomes(second.id, { "254791000006": ["FAILED", null], "254791000007": ["DELIVERED", null] });

  const found = await findDuplicates({
    templateText: "Clinic on Monday",
    phones: [...Array.from({ length: 7 }, (_, i) => `25479100000${i + 1}`), "254791000008"],
  });
  expect(found.recipients).toHaveLength(7);
  const answer = await answerDuplicates(found);
  expect(answer).toEqual({
    windowHours: 24,
    recipients: 7,
    neverGot: 4,
    earlier: [
      { id: first.id, name: "Monday reminder", neverGot: 3 },
      { id: second.id, name: "Monday reminder, late list", neverGot: 1 },
    ],
    phones: expect.any(Array),
  });
  // Pasted numbers are named, so Compose's preview skips them (issue 35); the one never sent it is not.
  expect([...answer.phones].sort()).toEqual(Array.from({ length: 7 }, (_, i) => `25479100000${i + 1}`));
});

test("nobody left out, or everyone reached: nothing never got it and no batch is named", async () => {
  expect(await answerDuplicates({ windowHours: 24, recipients: [] })).toEqual({
    windowHours: 24,
    recipients: 0,
    neverGot: 0,
    earlier: [],
    phones: [],
  });
  const sent = await batch("All reached", "Everyone got this", ["254792000001"]);
  await outcomes(sent.id, { "254792000001": ["DELIVERED", null] });
  const answer = await answerDuplicates(
    await findDuplicates({ templateText: "Everyone got this", phones: ["254792000001"] }),
  );
  expect(answer).toMatchObject({ recipients: 1, neverGot: 0, earlier: [] });
});
