// The exports read the database no faster than their client reads the file: a page of recipients is queried only
// when the client asks for the bytes after the last one (the XLSX export once buffered the whole file for a slow
// client), and a client that goes away (cancel) closes the pages — no page is queried after it. The pages are the
// real ones, from the database, passed through a counter.
import Papa from "papaparse";
import { beforeAll, expect, test } from "vitest";
import { account, batch, messages } from "@/test/report-data";
import { reportStream } from "./export-report";
import { reportXlsxStream } from "./export-report-xlsx";
import type { MessageRow } from "./list-messages";
import { messagePages } from "./message-pages";

let batchId: string;
let ids: string[];
beforeAll(async () => {
  batchId = await batch(await account(), { name: "Pace" });
  // 3,500 recipients: four pages of 1,000.
  ids = await messages(
    batchId,
    Array.from({ length: 3_500 }, (_, i) => ({ phone: `2547${String(20_000_000 + i)}`, state: "DELIVERED" })),
  );
});

/** The real pages, counting each one asked for at the moment it is asked (the generator's body runs on next()), so a
 * read-ahead shows at once, before its query returns. */
function counted() {
  const seen = { taken: 0, closed: false };
  async function* pages(): AsyncGenerator<MessageRow[]> {
    const source = messagePages(batchId, null, null);
    try {
      for (;;) {
        seen.taken++;
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      seen.closed = true;
      await source.return(undefined);
    }
  }
  return { seen, pages: pages() };
}

const exports = {
  CSV: (pages: AsyncGenerator<MessageRow[]>) => reportStream({ id: batchId, templateText: "Hi" }, null, null, pages),
  XLSX: (pages: AsyncGenerator<MessageRow[]>) =>
    reportXlsxStream({ id: batchId, templateText: "Hi", recipientCount: 3_500 }, null, null, pages),
};

/** Lets every pull the last read set off begin (they ask for their page in their first, synchronous step): a page
 * read ahead is counted by then, whether or not its query has returned. Not a wait for anything to finish. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

for (const [format, open] of Object.entries(exports)) {
  test(`${format}: one page queried per read after the head; the client gone, the pages are closed and no more queried`, async () => {
    const { seen, pages } = counted();
    const reader = open(pages).getReader();
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
  const { seen, pages } = counted();
  const csv = await new Response(exports.CSV(pages)).text();
  const rows = Papa.parse<string[]>(csv.trimEnd(), { newline: "\r\n" }).data.slice(1);
  expect(rows.map((row) => row[3])).toEqual(ids);
  // Four pages and the question that found no fifth.
  expect(seen).toEqual({ taken: 5, closed: true });
});
