// A page of a batch's delivery report as CSV, written by PostgreSQL's own COPY (FORMAT csv): the page's rows (the same
// walk as list-messages.ts, messageSelection) with each cell as csvCell would read (lib/csv/csv-sql.ts). The export of
// 1,000,000 recipients first built a JavaScript object per row and formatted and escaped 14 cells of each in the web
// process; then the database joined each page into one string with the quoting decided in SQL, cell by cell; both cost
// several times the database's own COPY of the same rows (BENCHMARKS.md, "Where the export's time goes"). COPY's
// writer now does the quoting, and its bytes go to the client as they came, rows ended CRLF (lib/csv/keyed-rows.ts).
import "server-only";
import { keyedRows } from "@/lib/csv/keyed-rows";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { messageSelection, type MessageView } from "./list-messages";
import { pagesAhead } from "./pages-ahead";
import { reportCellsSql, type ReportBatch } from "./report-columns";
import { copyInZone, reportPageRowsSql } from "./report-page-rows";
import type { MessageFilter } from "@/lib/states/states";

export type CsvPage = { rows: Buffer; next: string | null };

/**
 * Recipients per CSV page: ~1.6 MB of text. Each page is four round trips, and on a loaded machine each
 * waits for its turn on a core: pages of 1,000 made an export of 1,000,000 two thousand waits (BENCHMARKS.md, "Export
 * against PostgreSQL's COPY"). Two pages at most are held at once (the one sent and the one asked ahead).
 */
export const CSV_PAGE_ROWS = 10_000;

export async function reportCsvPage(
  batch: ReportBatch & { id: string },
  zone: string,
  options: MessageView & { after?: string; limit?: number },
): Promise<CsvPage> {
  const limit = Math.min(options.limit ?? CSV_PAGE_ROWS, CSV_PAGE_ROWS);
  const selection = await messageSelection(batch.id, options);
  if (!selection) return { rows: Buffer.alloc(0), next: null };
  const names = { template: selection.param(batch.templateText) };
  // Each row led by its id, the next page's cursor, which keyedRows takes off: COPY answers with bytes only.
  const statement = `SELECT p.id, ${reportCellsSql(batch, names)}
     FROM (${reportPageRowsSql(batch, selection, limit)}) p
     ORDER BY p.id`;
  const page = keyedRows(await copyInZone(zone, statement, selection.values, "csv"));
  return { rows: page.bytes, next: page.rows === limit ? page.lastKey : null };
}

/** The report's pages as CSV, one asked ahead (pagesAhead), in the organisation's zone; `limit` rows each. */
export async function* reportCsvPages(
  batch: ReportBatch & { id: string },
  filter: MessageFilter | null,
  /** The search and the language narrowing the view (list-messages.ts MessageView). */
  view: Omit<MessageView, "filter"> | null,
  limit = CSV_PAGE_ROWS,
): AsyncGenerator<Buffer> {
  const zone = await getOrgTimeZone();
  yield* pagesAhead((after) => reportCsvPage(batch, zone, { ...view, filter, after, limit }));
}
