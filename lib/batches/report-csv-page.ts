// A page of a batch's delivery report as CSV text, written by PostgreSQL in one statement: the page's rows (the
// same walk as list-messages.ts, messageSelection) formatted cell by cell as csvCell would (lib/csv/csv-sql.ts) and
// joined into one string. The export of 1,000,000 recipients built a JavaScript object per row and formatted and
// escaped 14 cells of each in the web process, which cost three times the database's own COPY of the same rows;
// the database now does the work COPY does, and the web process only passes a page's text on (BENCHMARKS.md,
// "Export").
import "server-only";
import { transaction } from "@/lib/db/transaction";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { messageSelection, type MessageView } from "./list-messages";
import { pagesAhead } from "./message-pages";
import { reportLineSql, type ReportBatch } from "./report-columns";
import type { MessageFilter } from "@/lib/states/states";

/**
 * The metadata object as JSON.stringify writes it (compact, keys in stored order): jsonb's own text has a space after
 * each ':' and ','. Metadata is flat (strings, numbers, booleans: lib/api/schemas/reference.ts), so its pairs are the
 * whole object.
 */
const METADATA_JSON = `CASE WHEN m.metadata IS NULL THEN NULL ELSE
  (SELECT '{' || COALESCE(string_agg(to_json(e.key)::text || ':' || e.value::text, ',' ORDER BY e.n), '') || '}'
   FROM jsonb_each(m.metadata) WITH ORDINALITY AS e(key, value, n)) END`;

export type CsvPage = { rows: string; next: string | null };

/**
 * Recipients per CSV page: ~1.6 MB of text. Each page is two statements (list-messages.ts), and on a loaded machine
 * each round trip waits for its turn on a core: pages of 1,000 made an export of 1,000,000 two thousand waits
 * (BENCHMARKS.md, "Export against PostgreSQL's COPY"). Two pages at most are held at once (the one sent and the one
 * asked ahead).
 */
export const CSV_PAGE_ROWS = 10_000;

export async function reportCsvPage(
  batch: ReportBatch & { id: string },
  zone: string,
  options: MessageView & { after?: string; limit?: number },
): Promise<CsvPage> {
  const limit = Math.min(options.limit ?? CSV_PAGE_ROWS, CSV_PAGE_ROWS);
  const selection = await messageSelection(batch.id, options);
  if (!selection) return { rows: "", next: null };
  const names = { template: selection.param(batch.templateText) };
  // The list's row as jsonb once per recipient (its cells are read by position), only when there is a list.
  const cells = batch.list?.columns.length ? `lr."values"::jsonb` : "NULL::jsonb";
  // Times are written in the session's zone (csvIsoSql): the organisation's, for this transaction only — the
  // connection goes back to the pool in UTC (lib/db/session-zone.ts).
  const { rows } = await transaction(async (client) => {
    await client.query(`SELECT set_config('TimeZone', $1, true)`, [zone]);
    return client.query<{ text: string; n: number; last: string | null }>(
      `SELECT COALESCE(string_agg(${reportLineSql(batch, names)}, '' ORDER BY p.id), '') AS text,
            count(*)::int AS n, max(p.id)::text AS last
     FROM (SELECT m.id, m.phone, m.state, m."deliveryStatus", m."providerUniqueId", m.operator, m."smsUnits", m.text,
                  m."submittedAt", m."receiptAt", m."lastError", m."callState", m.reference, m.language,
                  ${METADATA_JSON} AS "metadataJson", ${cells} AS cells
           ${selection.body}
           LIMIT ${selection.param(limit)}) p`,
      selection.values,
    );
  });
  const page = rows[0]!;
  return { rows: page.text, next: page.n === limit ? page.last : null };
}

/** The report's pages as CSV text, one asked ahead (pagesAhead), in the organisation's zone; `limit` rows each. */
export async function* reportCsvPages(
  batch: ReportBatch & { id: string },
  filter: MessageFilter | null,
  /** The search and the language narrowing the view (list-messages.ts MessageView). */
  view: Omit<MessageView, "filter"> | null,
  limit = CSV_PAGE_ROWS,
): AsyncGenerator<string> {
  const zone = await getOrgTimeZone();
  yield* pagesAhead((after) => reportCsvPage(batch, zone, { ...view, filter, after, limit }));
}
