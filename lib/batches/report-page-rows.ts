// The rows of one page of a batch's delivery report, as both exports' statements read them (report-csv-page.ts writes
// them as CSV by COPY, report-xlsx-page.ts as the sheet's XML): the page's walk (list-messages.ts messageSelection)
// with the columns report-columns.ts's SQL reads as `p`, in a transaction whose session is in the organisation's zone.
import "server-only";
import type { PoolClient } from "pg";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { inlineParams } from "@/lib/db/inline-params";
import { pool } from "@/lib/db/pool";
import type { messageSelection } from "./list-messages";
import type { ReportBatch } from "./report-columns";

type Selection = NonNullable<Awaited<ReturnType<typeof messageSelection>>>;

/**
 * The metadata object as JSON.stringify writes it (compact, keys in stored order): jsonb's own text has a space after
 * each ':' and ','. Metadata is flat (strings, numbers, booleans: lib/api/schemas/reference.ts), so its pairs are the
 * whole object.
 */
const METADATA_JSON = `CASE WHEN m.metadata IS NULL THEN NULL ELSE
  (SELECT '{' || COALESCE(string_agg(to_json(e.key)::text || ':' || e.value::text, ',' ORDER BY e.n), '') || '}'
   FROM jsonb_each(m.metadata) WITH ORDINALITY AS e(key, value, n)) END`;

/** The page's rows as a SELECT (to be wrapped and named `p` by the caller), at most `limit`, in id order. */
export function reportPageRowsSql(batch: ReportBatch, selection: Selection, limit: number): string {
  // The list's row as jsonb once per recipient (its cells are read by position), only when there is a list.
  const cells = batch.list?.columns.length ? `lr."values"::jsonb` : "NULL::jsonb";
  return `SELECT m.id, m.phone, m.state, m."deliveryStatus", m."providerUniqueId", m.operator, m."smsUnits", m.text,
                 m."submittedAt", m."receiptAt", m."lastError", m."callState", m.reference, m.language,
                 ${METADATA_JSON} AS "metadataJson", ${cells} AS cells
          ${selection.body}
          LIMIT ${selection.param(limit)}`;
}

/**
 * `read` in a read-only transaction whose times are in the organisation's zone (isoTimeSql), for this transaction only:
 * the connection goes back to the pool in UTC (lib/db/session-zone.ts). One round trip for both: on a loaded machine
 * each waits for its turn on a core.
 */
async function readInZone<T>(zone: string, read: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query(`BEGIN READ ONLY; SET LOCAL TimeZone TO ${pg.escapeLiteral(zone)}`);
    const result = await read(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * `COPY (statement) TO STDOUT` in `format`, in the organisation's zone (readInZone): the page's bytes as COPY wrote
 * them. COPY binds no parameters, so the values go in as literals (lib/db/inline-params.ts).
 */
export async function copyInZone(
  zone: string,
  statement: string,
  values: readonly unknown[],
  format: "csv" | "binary",
): Promise<Buffer> {
  const copy = `COPY (${inlineParams(statement, values)}) TO STDOUT (FORMAT ${format})`;
  return readInZone(zone, async (client) => {
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(copy))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
}
