// Deleting a saved list removes its rows and report and audits it once; a list that is gone or still being read
// is "not found", and nothing else is touched.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, refusal, uploadFile } from "@/test/upload-helpers";
import { removeList } from "./remove-list";

const counts = async (id: string) =>
  (
    await pool().query<{ uploads: number; rows: number; issues: number; audits: number }>(
      `SELECT (SELECT count(*)::int FROM "List" WHERE id = $1) AS uploads,
              (SELECT count(*)::int FROM "ListRecipient" WHERE "listId" = $1) AS rows,
              (SELECT count(*)::int FROM "ListIssue" WHERE "listId" = $1) AS issues,
              (SELECT count(*)::int FROM "AuditEvent" WHERE "targetId" = $1::text AND action = 'list.delete') AS audits`,
      [id],
    )
  ).rows[0]!;

test("a saved list is deleted with its rows and report, audited once; deleting it again is not found", async () => {
  const authorId = await author();
  const upload = (csv: string) => uploadFile(authorId, "gone.csv", csv, 64);
  const kept = await upload("phone\n0712000001\n");
  const list = await upload("phone,name\n0712000001,A\n0712000002,B\n12345,C\n0712000001,D\n");
  expect(await counts(list.id)).toEqual({ uploads: 1, rows: 2, issues: 2, audits: 0 });

  const both = await Promise.allSettled([removeList(list.id, authorId), removeList(list.id, authorId)]);
  expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  expect(await counts(list.id)).toEqual({ uploads: 0, rows: 0, issues: 0, audits: 1 });
  const again = await refusal(removeList(list.id, authorId));
  expect([again.code, again.message]).toEqual(["NOT_FOUND", "That list no longer exists."]);
  expect(await counts(kept.id)).toMatchObject({ uploads: 1, rows: 1 });
});
