// The audit log read back: filters, and pages that cross id digit counts in order with nothing skipped.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { auditFilterSchema, listAudit } from "./list-audit";
import { localInputValue } from "@/lib/time/local-input";
import { recordAudit } from "./record-audit";
import { everyPage } from "@/test/every-page";

test("pages of the log, newest first, cross 999 → 1,000 and 9,999 → 10,000 without skipping or repeating an event", async () => {
  // Ids from 990 on, so the pages cross digit counts (a text sort would put 10000 before 9999).
  await pool().query(`SELECT setval(pg_get_serial_sequence('"AuditEvent"', 'id'), 990, false)`);
  await pool().query(
    `INSERT INTO "AuditEvent" (action, "targetType", "targetId", detail) SELECT 'batch.pause', 'Batch', g::text, '{}' FROM generate_series(1, 9_100) g`,
  );
  const pages = await everyPage((before) => listAudit({ before }, "Africa/Nairobi", 1000));
  const seen = pages.flatMap((page) => page.rows.map((r) => r.id));
  expect(seen).toHaveLength(9_100);
  expect(new Set(seen).size).toBe(9_100);
  const numbers = seen.map(Number);
  expect(numbers.every((n, i) => i === 0 || n < numbers[i - 1]!)).toBe(true);
  expect(numbers[0]).toBe(10_089);
  expect(numbers.at(-1)).toBe(990);
  // The page after the last one is empty.
  expect((await listAudit({ before: "990" }, "Africa/Nairobi")).rows).toEqual([]);
});

test("filters by actor, action and day; a malformed filter is refused with a reason", async () => {
  const user = await db.user.create({
    data: { email: "auditor@test.local", name: "A", role: "ADMIN", passwordHash: "x" },
  });
  await recordAudit({ actorId: user.id, action: "user.create", targetType: "User", targetId: "someone" });
  await recordAudit({ actorId: null, action: "user.create", targetType: "User", targetId: "first" });
  const byActor = await listAudit({ actor: user.id }, "Africa/Nairobi");
  expect(byActor.rows.map((r) => [r.action, r.actorEmail])).toEqual([["user.create", "auditor@test.local"]]);
  const today = localInputValue(new Date(), "Africa/Nairobi").slice(0, 10);
  const onDay = (from: string, to: string, zone = "Africa/Nairobi") =>
    listAudit({ action: "user.create", from, to }, zone).then((page) => page.rows.length);
  expect(await onDay(today, today)).toBe(2);
  expect(await onDay("2000-01-01", "2000-01-01")).toBe(0);
  const bad = auditFilterSchema.safeParse({ actor: "nope", action: "drop.table", from: "yesterday" });
  expect(bad.error?.issues.map((i) => i.message)).toEqual([
    "Not a user.",
    "Not an audited action.",
    "A date as YYYY-MM-DD.",
  ]);
});

test("a day filter is a day of the organisation's zone: from its midnight there to the next", async () => {
  // 20:30 UTC on 22 Nov is 23:30 on the 22nd in Nairobi; 21:30 UTC is 00:30 on the 23rd there.
  const late = "2026-11-22T20:30:00Z";
  const early = "2026-11-22T21:30:00Z";
  await pool().query(
    `INSERT INTO "AuditEvent" (action, "targetType", "targetId", "createdAt")
     VALUES ('template.create', 'Template', 'late', $1), ('template.create', 'Template', 'early', $2)`,
    [late, early],
  );
  const on = async (day: string, zone: string) =>
    (await listAudit({ action: "template.create", from: day, to: day }, zone)).rows.map((r) => r.targetId);
  expect(await on("2026-11-22", "Africa/Nairobi")).toEqual(["late"]);
  expect(await on("2026-11-23", "Africa/Nairobi")).toEqual(["early"]);
  expect(await on("2026-11-22", "UTC")).toEqual(["early", "late"]);
});
