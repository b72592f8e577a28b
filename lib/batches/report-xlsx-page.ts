// A page of a batch's delivery report as the XLSX sheet's rows, written by the database: the page's rows (the same walk
// as list-messages.ts, messageSelection), each as the sheet's XML (report-columns.ts reportRowXmlSql,
// lib/xlsx/xlsx-sql.ts), handed over by COPY's binary format as their UTF-8 bytes (lib/db/keyed-binary-rows.ts), which
// the workbook deflates as they are (lib/xlsx/sheet-stream.ts). The rows were JavaScript objects first, each cell a
// string escaped by regular expressions (6.7 × the database's COPY of the same rows); then one string per page, whose
// UTF-8 decode and encode cost more than the database's COPY (BENCHMARKS.md, "XLSX rows written by the database").
import "server-only";
import { keyedBinaryRows } from "@/lib/db/keyed-binary-rows";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { withoutXmlForbiddenBytes } from "@/lib/xlsx/xml-forbidden";
import { messageSelection, type MessageView } from "./list-messages";
import { pagesAhead } from "./pages-ahead";
import { reportRowXmlSql, type ReportBatch } from "./report-columns";
import { copyInZone, reportPageRowsSql } from "./report-page-rows";
import type { MessageFilter } from "@/lib/states/states";

export type XlsxPage = { rows: Buffer; next: string | null };

/**
 * Recipients per XLSX page: ~4.4 MB of XML. Each page is a few round trips, and on a loaded machine each waits for a
 * core — pages of the console's 1,000 made the export of 20,000 mostly waiting (BENCHMARKS.md, "Export: each page
 * PostgreSQL's COPY"). Two pages at most are held at once (the one deflated and the one asked ahead).
 */
export const XLSX_PAGE_ROWS = 5_000;

export async function reportXlsxPage(
  batch: ReportBatch & { id: string },
  zone: string,
  /** `firstRow`: the sheet's row number of the page's first recipient (the header is row 1). */
  options: MessageView & { after?: string; limit?: number; firstRow: number },
): Promise<XlsxPage> {
  const limit = Math.min(options.limit ?? XLSX_PAGE_ROWS, XLSX_PAGE_ROWS);
  const selection = await messageSelection(batch.id, options);
  if (!selection) return { rows: Buffer.alloc(0), next: null };
  const names = { template: selection.param(batch.templateText) };
  // Each row led by its id, the next page's cursor, which keyedBinaryRows takes off.
  const statement = `SELECT p.id::text, ${reportRowXmlSql(batch, names)}
     FROM (SELECT r.*, (${selection.param(options.firstRow - 1)}::bigint + row_number() OVER (ORDER BY r.id))::text AS rn
           FROM (${reportPageRowsSql(batch, selection, limit)}) r) p
     ORDER BY p.id`;
  const page = keyedBinaryRows(await copyInZone(zone, statement, selection.values, "binary"));
  // What XML cannot hold dropped from the whole page at once: no markup holds any of it (lib/xlsx/xml-forbidden.ts).
  return { rows: withoutXmlForbiddenBytes(page.bytes), next: page.rows === limit ? page.lastKey : null };
}

/** The report's pages as the sheet's rows from row 2, one asked ahead (pagesAhead), in the organisation's zone. */
export async function* reportXlsxPages(
  batch: ReportBatch & { id: string },
  filter: MessageFilter | null,
  /** The search and the language narrowing the view (list-messages.ts MessageView). */
  view: Omit<MessageView, "filter"> | null,
  limit = XLSX_PAGE_ROWS,
): AsyncGenerator<Buffer> {
  const zone = await getOrgTimeZone();
  // Every page but the last is whole (a page short of `limit` ends the walk), so each starts `limit` rows on.
  let firstRow = 2;
  yield* pagesAhead((after) => {
    const page = reportXlsxPage(batch, zone, { ...view, filter, after, limit, firstRow });
    firstRow += limit;
    return page;
  });
}
