// Stores one slice of a batch's recipients and the dispatch chunks that cover them. The rows go in with COPY (the
// fastest way into PostgreSQL: docs/design.md §5 measured ~1.6× an INSERT … unnest), with ids reserved first — each id
// doubles as the correlator — and opted-out numbers stored SUPPRESSED.
import "server-only";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { arrayLiteral } from "@/lib/db/array-literal";
import { copyText } from "@/lib/db/copy-lines";
import type { RecipientSlice } from "./create-batch";
import { neverContacted } from "@/lib/opt-outs/never-contact";
import { rememberSent } from "./duplicate-guard";

/** What the duplicate-send guard remembers of the slice: the batch's template (a null text) and when it is sent. */
export type SentMemory = { template: string; sentAt: Date };

export async function storeRecipients(
  client: pg.PoolClient,
  batchId: string,
  { phones, texts, rows, references, metadata, languages }: RecipientSlice,
  chunkSize: number,
  memory: SentMemory,
): Promise<{ suppressed: number; firstId: string | null; ids: string[] }> {
  // One after another: a client runs one query at a time anyway (pg queues the rest, and pg 9 will refuse them).
  const { rows: ids } = await client.query<{ id: string }>(
    `SELECT nextval('"Message_id_seq"')::text AS id FROM generate_series(1, $1)`,
    [phones.length],
  );
  const { rows: optedOut } = await client.query<{ phone: string }>(
    `SELECT phone FROM "OptOut" WHERE phone = ANY($1::text[])`,
    [arrayLiteral(phones)],
  );
  // Numbers erased with "never contact", known only by their keyed hashes (lib/opt-outs/never-contact.ts).
  const erased = await neverContacted(client, phones);
  const suppressedPhones = new Set([...optedOut.map((row) => row.phone), ...erased]);
  const now = new Date().toISOString();
  const pending: string[] = [];
  const sentPhones: string[] = [];
  const sentTexts: string[] = [];
  const lines = phones.map((phone, i) => {
    const id = ids[i]!.id;
    const state = suppressedPhones.has(phone) ? "SUPPRESSED" : "PENDING";
    if (state === "PENDING") {
      pending.push(id);
      sentPhones.push(phone);
      sentTexts.push(texts[i] ?? memory.template);
    }
    const row = rows?.[i] ?? "\\N";
    const reference = copyText(references?.[i] ?? null);
    const meta = copyText(metadata?.[i] ?? null);
    const language = copyText(languages?.[i] ?? null);
    return `${id}\t${batchId}\t${phone}\t${copyText(texts[i] ?? null)}\t${state}\t${row}\t${reference}\t${meta}\t${language}\t${now}\n`;
  });
  await pipeline(
    Readable.from(batchLines(lines)),
    client.query(
      copyFrom(
        `COPY "Message" (id, "batchId", phone, text, state, "listRow", reference, metadata, language, "updatedAt") FROM STDIN`,
      ),
    ),
  );
  await rememberSent(client, batchId, sentPhones, sentTexts, memory.sentAt);
  const firsts: string[] = [];
  const lasts: string[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < pending.length; i += chunkSize) {
    const chunk = pending.slice(i, i + chunkSize);
    firsts.push(chunk[0]!);
    lasts.push(chunk.at(-1)!);
    sizes.push(chunk.length);
  }
  await client.query(
    `INSERT INTO "DispatchChunk" ("batchId", "firstMessageId", "lastMessageId", size)
     SELECT $1, f, l, s FROM unnest($2::bigint[], $3::bigint[], $4::int[]) AS t(f, l, s)`,
    [batchId, firsts, lasts, sizes],
  );
  return {
    suppressed: phones.length - pending.length,
    firstId: ids[0]?.id ?? null,
    ids: ids.map((row) => row.id),
  };
}

/** Lines joined into ~64 KiB strings: one stream write per line would cost more than the COPY itself. */
function* batchLines(lines: string[]): Generator<string> {
  let buffer = "";
  for (const line of lines) {
    buffer += line;
    if (buffer.length > 65_536) {
      yield buffer;
      buffer = "";
    }
  }
  if (buffer) yield buffer;
}
