// The exports read the database no faster than their client reads the file: a page of recipients is queried only
// when the client asks for the bytes after the last one (the XLSX export once buffered the whole file for a slow
// client), and a client that goes away (cancel) closes the pages — no page is queried after it. The pages are the
// real ones, from the database, passed through a counter.
import { randomUUID } from "node:crypto";
import Papa from "papaparse";
import { expect, test } from "vitest";
import { heldStream } from "@/lib/fair-share/held-stream";
import { account, batch, messages } from "@/test/report-data";
import { reportStream } from "./export-report";
import { reportXlsxStream } from "./export-report-xlsx";
import { reportXlsxPages } from "./report-xlsx-page";
import { reportCsvPages } from "./report-csv-page";

const batchId = await batch(await account(), { name: "Pace" });
// 3,500 recipients: four pages of 1,000.
const ids = await messages(
  batchId,
  Array.from({ length: 3_500 }, (_, i) => ({ phone: `2547${String(20_000_000 + i)}`, state: "DELIVERED" })),
);

/** The real pages, counting each one asked for at the moment it is asked (the generator's body runs on next()), so a
 * read-ahead shows at once, before its query returns. */
function counted<T>(source: AsyncGenerator<T>) {
  const seen = { taken: 0, closed: false };
  let asking: Promise<unknown> | null = null;
  async function* pages(): AsyncGenerator<T> {
    try {
      for (;;) {
        seen.taken++;
        const question = source.next();
        asking = question;
        const next = await question;
        asking = null;
        if (next.done) return;
        yield next.value;
      }
    } finally {
      seen.closed = true;
      await source.return(undefined);
    }
  }
  /** Until nothing more is asked: each page question answered, and nothing new asked after its answer. */
  async function quiet(): Promise<void> {
    for (await settled(); asking; await settled()) await asking;
  }
  return { seen, pages: pages(), quiet };
}

/** Each format's export over its real pages (CSV text and the sheet's XML, both written by the database), counted. */
const exports = {
  CSV: () => {
    const batch = { id: batchId, templateText: "Hi" };
    // Pages of 1,000 (the CSV's are 10,000: report-csv-page.ts; the XLSX's 5,000: report-xlsx-page.ts), so that 3,500
    // recipients are four pages in both.
    const count = counted(reportCsvPages(batch, null, null, 1_000));
    return { ...count, open: () => reportStream(batch, null, null, count.pages) };
  },
  XLSX: () => {
    const batch = { id: batchId, templateText: "Hi", recipientCount: 3_500 };
    const count = counted(reportXlsxPages(batch, null, null, 1_000));
    return { ...count, open: () => reportXlsxStream(batch, null, null, count.pages) };
  },
};

/** Lets every pull the last read set off begin (they ask for their page in their first, synchronous step): a page
 * read ahead is counted by then, whether or not its query has returned. Not a wait for anything to finish. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

for (const [format, counting] of Object.entries(exports)) {
  test(`${format}: one page queried per read after the head; the client gone, the pages are closed and no more queried`, async () => {
    const { seen, open } = counting();
    const reader = open().getReader();
    await settled();
    expect(seen.taken).toBe(0);
    await reader.read(); // the header (and the XLSX's package parts): no recipient yet
    await settled();
    expect(seen.taken).toBe(0);
    await reader.read();
    await settled();
    expect(seen.taken).toBe(1);
    await reader.read();
    await settled();
    expect(seen.taken).toBe(2);
    await reader.cancel();
    expect(seen).toEqual({ taken: 2, closed: true });
  });
}

test("read to its end, the CSV export has every recipient once, in order", async () => {
  const { seen, open } = exports.CSV();
  const csv = await new Response(open()).text();
  const rows = Papa.parse<string[]>(csv.trimEnd(), { newline: "\r\n" }).data.slice(1);
  expect(rows.map((row) => row[3])).toEqual(ids);
  // Four pages and the question that found no fifth.
  expect(seen).toEqual({ taken: 5, closed: true });
});

/** The export as the route serves it: the transfer slot around it (lib/fair-share/held-stream.ts), piped to a writer
 * as Next pipes a route handler's body to the socket (pipe-readable.js: a WritableStream of highWaterMark 1 whose
 * write waits for `drain`). The client takes `accepted` chunks, then stops reading: the socket is full, the next
 * write never finishes. Resolves once that write has begun and the pipe has asked for all it will (each page question
 * answered, nothing new asked after it), with what it asked. */
async function servedTo(
  counting: (typeof exports)[keyof typeof exports],
  accepted: number,
): Promise<{ seen: { taken: number; closed: boolean }; received: number; stop: () => Promise<void> }> {
  const { seen, open, quiet } = counting();
  const body = await heldStream("EXPORT", randomUUID(), open);
  let chunks = 0;
  let stuck: () => void = () => {};
  const blocked = new Promise<void>((resolve) => (stuck = resolve));
  let gone: () => void = () => {};
  const closed = new Promise<void>((resolve) => (gone = resolve));
  const abort = new AbortController();
  const piped = body
    .pipeTo(
      new WritableStream<Uint8Array>({
        write: () => {
          if (++chunks <= accepted) return;
          stuck();
          return closed; // the client reads no more: no `drain` comes, only the socket's close
        },
      }),
      { signal: abort.signal },
    )
    .catch(() => {});
  await blocked;
  await quiet();
  return {
    seen,
    received: chunks - 1,
    stop: async () => {
      // The client goes away: Next aborts its pipe (which cancels the body) and ends the write waiting for `drain`.
      abort.abort();
      gone();
      await piped;
      await quiet();
    },
  };
}

for (const [format, counting] of Object.entries(exports)) {
  test(`${format}: served to a client that stops reading after the first page, at most two pages are queried beyond it; nothing more after it leaves`, async () => {
    const { seen, received, stop } = await servedTo(counting, 2); // the head, then the first page
    expect(received).toBe(2);
    // The page the stuck write holds, and at most one the pipe took while it began; never the whole batch (five
    // questions: four pages and the empty one), which is what a read-ahead anywhere between the pages and the
    // socket would show.
    expect(seen.taken).toBeLessThanOrEqual(3);
    expect(seen.closed).toBe(false);
    // Gone, the pages are closed: the pipe's teardown may still have asked for the page after the stuck write (the
    // abort lets that write end), never more.
    await stop();
    expect(seen.closed).toBe(true);
    expect(seen.taken).toBeLessThanOrEqual(3);
  });
}
