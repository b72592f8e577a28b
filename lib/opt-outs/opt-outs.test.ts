// The opt-out list against a real database: numbers in any form stored once in the 254 form, audited with who; a
// file of numbers through the list import; pages by number that cross the page boundary exactly; search by digits.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, refusal, stored, uploadFile } from "@/test/upload-helpers";
import { addOptOut, addOptOutsFromUpload, listOptOuts, removeOptOut, searchDigits } from "./opt-outs";
import { everyPage } from "@/test/every-page";

const actorId = await author();

const audits = async (action: string) =>
  (
    await pool().query<{ actorId: string; targetId: string | null; detail: Record<string, unknown> }>(
      `SELECT "actorId", "targetId", detail FROM "AuditEvent" WHERE action = $1 ORDER BY id`,
      [action],
    )
  ).rows;

test("a number in any form is added once in the 254 form with who and when, removed, and both are audited", async () => {
  expect(await addOptOut({ phone: "+254 712-345 678", reason: "Asked by SMS" }, actorId)).toEqual({
    phone: "254712345678",
    added: true,
  });
  expect(await addOptOut({ phone: "0712345678" }, actorId)).toEqual({ phone: "254712345678", added: false });
  const page = await listOptOuts({ search: "0712 345" });
  expect(page.rows).toEqual([
    {
      phone: "254712345678",
      reason: "Asked by SMS",
      source: "operator",
      createdAt: expect.any(Date),
      createdBy: "Uploader",
    },
  ]);
  expect(await audits("optout.add")).toEqual([
    { actorId, targetId: "254712345678", detail: { reason: "Asked by SMS" } },
  ]);
  const bad = await refusal(addOptOut({ phone: "12345" }, actorId));
  expect(bad.details?.phone?.[0]).toContain("5 digits");
  await removeOptOut("254712345678", actorId, "Asked to receive reminders again");
  expect((await listOptOuts()).rows).toEqual([]);
  expect((await refusal(removeOptOut("254712345678", actorId, "again"))).code).toBe("NOT_FOUND");
  expect(await audits("optout.remove")).toEqual([
    {
      actorId,
      targetId: "254712345678",
      detail: {
        phone: "254712345678",
        reason: "Asked to receive reminders again",
        source: "operator",
        optOutReason: "Asked by SMS",
      },
    },
  ]);
});

test("a carrier blacklist is removed by an administrator only, and the removal says what it was", async () => {
  await pool().query(
    `INSERT INTO "OptOut" (phone, reason, source) VALUES ('254712000777', 'Carrier blacklist (UserInBlackList)', 'carrier')`,
  );
  expect((await listOptOuts({ search: "0712000777" })).rows[0]).toMatchObject({
    source: "carrier",
    reason: "Carrier blacklist (UserInBlackList)",
    createdBy: null,
  });
  const refused = await refusal(removeOptOut("254712000777", actorId, "asked"));
  expect(refused.code).toBe("FORBIDDEN");
  expect(refused.message).toMatch(/only an administrator/);
  expect((await listOptOuts({ search: "0712000777" })).rows).toHaveLength(1);
  await removeOptOut("254712000777", actorId, "The patient unblocked the clinic", true);
  expect((await listOptOuts({ search: "0712000777" })).rows).toEqual([]);
  expect((await audits("optout.remove")).at(-1)).toEqual({
    actorId,
    targetId: "254712000777",
    detail: {
      phone: "254712000777",
      reason: "The patient unblocked the clinic",
      source: "carrier",
      optOutReason: "Carrier blacklist (UserInBlackList)",
    },
  });
});

test("a CSV of numbers goes through the list import: invalid ones reported, the rest added once, the upload gone", async () => {
  await addOptOut({ phone: "0711000003" }, actorId);
  const csv = "msisdn\n0711000001\n711000002\n0711000003\n12345\n0711000001\n";
  const upload = await uploadFile(actorId, "stop.csv", csv);
  expect(upload).toMatchObject({ valid: 3, invalid: 1, duplicates: 1, optedOut: 1 });
  expect(await addOptOutsFromUpload(upload.id, actorId)).toEqual({ added: 2 });
  expect((await listOptOuts({ search: "254711" })).rows.map((r) => [r.phone, r.reason])).toEqual([
    ["254711000001", "Uploaded: stop.csv"],
    ["254711000002", "Uploaded: stop.csv"],
    ["254711000003", null],
  ]);
  expect(await stored()).toMatchObject({ uploads: 0, recipients: 0 });
  expect((await audits("optout.add")).at(-1)).toEqual({
    actorId,
    targetId: null,
    detail: { listId: upload.id, added: 2 },
  });
});

test("pages by number: every number exactly once across pages, the last page has no next", async () => {
  await pool().query(
    `INSERT INTO "OptOut" (phone) SELECT '2547200' || lpad(g::text, 5, '0') FROM generate_series(0, 120) g`,
  );
  const pages = await everyPage((after) => listOptOuts({ after, search: "2547200", take: 50 }));
  const seen = pages.flatMap((page) => page.rows.map((r) => r.phone));
  expect(seen).toHaveLength(121);
  expect(new Set(seen).size).toBe(121);
  expect(seen).toEqual([...seen].sort());
  expect(searchDigits("0720 000")).toBe("254720000");
  expect(searchDigits("+254 720 000 120")).toBe("254720000120");
});
