// One number's messages newest first, a page at a time, for the number's page and `GET /api/v1/messages?phone=`
// (docs/partitioning.md, "One number's index"). A week that can take no more ids has a (phone, id) index, built once
// by the worker; the open week has only (phone), so that storing and dispatch never write the wider key. So a page is
// two reads, joined:
//   - below the edge (tuma_number_index_edge(): where the weeks without their index begin), a backward range of each
//     week's (phone, id): as fast on the last page as on the first;
//   - at and above it, the number's messages of those one or two weeks through (phone), sorted. Apart, not as one
//     ordered scan of every week: in one, PostgreSQL walked the open week's primary key backwards in search of the
//     number (a pass over the whole week for a number it holds a few times; lib/history/partitions.test.ts).
import "server-only";
import { pool } from "@/lib/db/pool";

/** The edge as a parameter: the query then plans only the partitions each half can read. */
export async function numberIndexEdge(): Promise<string> {
  const { rows } = await pool().query<{ edge: string }>(`SELECT tuma_number_index_edge()::text AS edge`);
  return rows[0]!.edge;
}

/**
 * A FROM item of the number's Message rows (every column) below `before`, newest `take` of each half at most; the
 * caller orders by id descending and limits to `take`. Each argument is a placeholder ("$1"); `where` adds conditions
 * on `m` inside both halves (before their limit).
 */
export function numberRows(p: { phone: string; before: string; take: string; edge: string; where?: string }): string {
  const half = (range: string) =>
    `(SELECT m.* FROM "Message" m
      WHERE m.phone = ${p.phone} AND ${range} AND (${p.before}::bigint IS NULL OR m.id < ${p.before}::bigint) ${p.where ?? ""}
      ORDER BY m.id DESC LIMIT ${p.take})`;
  return `(${half(`m.id >= ${p.edge}::bigint`)} UNION ALL ${half(`m.id < ${p.edge}::bigint`)})`;
}
