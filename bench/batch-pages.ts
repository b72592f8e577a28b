// A big batch read as the console reads it, for the benchmarks that generate one (bench/reports.ts,
// bench/partitions.ts): its pages' own queries in this process, p95 of `repeat` runs each — the batch page, the first
// and the 10,000th recipients page of 50 (or the last, for a smaller batch), a rare-state (REJECTED) and the
// no-receipt filter, a phone search — and its whole CSV export streamed, its rows counted.
import { fmt } from "./bench-env";
import { p95 } from "./timed-runs";

const PAGE = 50;

/** A page's time against the pages' 150 ms target (docs/design.md §5). */
export const againstPageTarget = (ms: number) => `${fmt(ms, 1)} ms (${fmt(ms / 150, 2)} × the 150 ms target)`;

export async function batchPageTimings(batchId: string, recipients: number, repeat: number) {
  const { pool } = await import("../lib/db/pool");
  const { getBatch } = await import("../lib/batches/get-batch");
  const { listMessages } = await import("../lib/batches/list-messages");
  const { recipientSearchSchema } = await import("../lib/batches/recipient-search");
  // The cursor of the 10,000th page of 50: the id before its first row.
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id::text FROM "Message" WHERE "batchId" = $1 ORDER BY id OFFSET $2 LIMIT 1`,
    [batchId, Math.min(PAGE * 9_999, recipients - 1) - 1],
  );
  const cursor = rows[0]!.id;
  const search = recipientSearchSchema.parse("+254 700 500 123");
  const page = (options: Parameters<typeof listMessages>[1]) => p95(() => listMessages(batchId, options), repeat);
  return {
    batchPage: await p95(() => getBatch(batchId), repeat),
    firstPage: await page({ limit: PAGE }),
    page10000: await page({ after: cursor, limit: PAGE }),
    rareFilter: await page({ filter: "REJECTED", limit: PAGE }),
    noReceiptFilter: await page({ filter: "NO_RECEIPT", limit: PAGE }),
    phoneSearch: await page({ search, limit: PAGE }),
  };
}

/** The batch's CSV report streamed in this process as the export route streams it: rows (header left out), bytes, s. */
export async function exportedRows(batch: { id: string; templateText: string }) {
  const { reportStream } = await import("../lib/batches/export-report");
  const started = performance.now();
  let rows = -1; // the header
  let bytes = 0;
  const reader = reportStream(batch, null).getReader();
  const decoder = new TextDecoder();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.byteLength;
    const text = decoder.decode(next.value, { stream: true });
    for (let i = text.indexOf("\r\n"); i !== -1; i = text.indexOf("\r\n", i + 2)) rows++;
  }
  return { rows, bytes, seconds: (performance.now() - started) / 1000 };
}
