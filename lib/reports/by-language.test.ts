// Outcomes per language (by-language.ts): a batch with variants counted from its messages, the default first and each
// variant in its order (one nobody got included, with zeros); a batch with one text read from its counters alone —
// the two agree with a count of the messages themselves; an unknown batch is null.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { createBatch } from "@/lib/batches/create-batch";
import { outcomesByLanguage } from "./by-language";

const accountId = await account();

/** A batch of `languages.length` recipients, each then given the state at the same index (the counters follow). */
async function batch(languages: (string | null)[], states: string[], variants: boolean) {
  const { id } = await createBatch({
    kind: "SMS",
    accountId,
    authorId: null,
    name: `by-language ${randomUUID()}`,
    templateText: "Default.",
    sender: "TUMA",
    ...(variants
      ? {
          variants: [
            { language: "sw", text: "Habari." },
            { language: "en", text: "Hello." },
            { language: "luo", text: "Misawa." },
          ],
        }
      : {}),
    recipients: languages.map((language, i) => ({ phone: `2547${String(50_000_000 + i).slice(-8)}`, language })),
  });
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id::text FROM "Message" WHERE "batchId" = $1 ORDER BY id`,
    [id],
  );
  for (const [i, row] of rows.entries())
    await pool().query(`UPDATE "Message" SET state = $2::"MessageState" WHERE id = $1`, [row.id, states[i]]);
  return id;
}

const STATES = ["DELIVERED", "FAILED", "REJECTED", "QUEUED", "DELIVERED", "PENDING", "DELIVERED", "UNKNOWN"];
const LANGUAGES = ["sw", "sw", "en", null, "sw", "en", null, "fr"];

test("with variants: per language from the messages, the default first, a variant nobody got with zeros", async () => {
  const id = await batch(LANGUAGES, STATES, true);
  expect(await outcomesByLanguage(id)).toEqual([
    // null, null and fr (no French variant): the default.
    { language: null, recipients: 3, delivered: 1, failed: 0, other: 2 },
    { language: "sw", recipients: 3, delivered: 2, failed: 1, other: 0 },
    { language: "en", recipients: 2, delivered: 0, failed: 1, other: 1 },
    { language: "luo", recipients: 0, delivered: 0, failed: 0, other: 0 },
  ]);
});

test("one text: one row from the batch's counters, the same figures a count gives; an unknown batch is null", async () => {
  const id = await batch(LANGUAGES, STATES, false);
  expect(await outcomesByLanguage(id)).toEqual([{ language: null, recipients: 8, delivered: 3, failed: 2, other: 3 }]);
  expect(await outcomesByLanguage(randomUUID())).toBeNull();
});
