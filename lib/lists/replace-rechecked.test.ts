// Checked again with another phone column, a file is one list, not two: the first check's list is removed (audited,
// in words) — but only that one: never a list sent from, another person's, other bytes, or the new list itself.
import { expect, test } from "vitest";
import { auditSentence, sentenceText } from "@/lib/audit/audit-sentence";
import { db } from "@/lib/db/client";
import { account, countRows } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { author, pieces } from "@/test/upload-helpers";
import { importList } from "./import-list";
import { replaceRechecked } from "./replace-rechecked";

const authorId = await author();

// Two columns of numbers: the guess takes the first, the operator meant the second.
const csv = "mobile,alternate,name\n0712000101,0722000101,Amina\n0712000102,0722000102,Baraka\n";
const check = (phoneColumn?: string, data = csv, by = authorId) =>
  importList({ body: pieces(data), declaredBytes: null, filename: "clinic.csv", phoneColumn, authorId: by });
const lists = async (ids: string[]) =>
  (await pool().query<{ id: string }>(`SELECT id FROM "List" WHERE id = ANY($1)`, [ids])).rows.map((r) => r.id);

test("the list of the first check is replaced by the second, and the log says so in words", async () => {
  const first = await check();
  expect(first.phoneColumn).toBe("mobile");
  const second = await check("alternate");
  expect(second.sameFile?.id).toBe(first.id);
  const replace = { replacedId: first.id, listId: second.id, phoneColumn: "alternate", actorId: authorId };
  expect(await replaceRechecked(replace)).toBe(true);
  expect(await lists([first.id, second.id])).toEqual([second.id]);
  expect(await countRows(`"ListRecipient" WHERE "listId" = $1`, [first.id])).toBe(0);

  const event = await db.auditEvent.findFirstOrThrow({
    where: { action: "list.delete", targetId: first.id },
    include: { actor: { select: { name: true } } },
  });
  const view = { ...event, actorName: event.actor?.name ?? null };
  expect(sentenceText(auditSentence(view, new Map()))).toBe(
    "Uploader deleted the list “clinic”, checking the file again with the phone column “alternate”",
  );
  // Asked again (a second click, a retried request): nothing more to remove.
  expect(await replaceRechecked(replace)).toBe(false);
});

test("nothing is removed that the first check did not make for this person", async () => {
  const sent = await check();
  const existing = await db.providerAccount.findFirst({ select: { id: true } });
  const accountId = existing?.id ?? (await account());
  await db.batch.create({ data: { kind: "SMS", name: "sent", accountId, templateText: "Hi", listId: sent.id } });
  const other = await check(undefined, csv, await author());
  const otherBytes = await check(undefined, csv.replace("Amina", "Amina W"));
  const again = await check("alternate");
  for (const replacedId of [sent.id, other.id, otherBytes.id, again.id]) {
    const replace = { replacedId, listId: again.id, phoneColumn: "alternate", actorId: authorId };
    expect(await replaceRechecked(replace), replacedId).toBe(false);
  }
  expect((await lists([sent.id, other.id, otherBytes.id, again.id])).sort()).toEqual(
    [sent.id, other.id, otherBytes.id, again.id].sort(),
  );
});
