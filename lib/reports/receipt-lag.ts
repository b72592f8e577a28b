// How long receipts take: from the message's submittedAt (when its request was sent) to the receipt's receivedAt,
// over the latest receipts (by id, through the primary key: a bounded read however long the log grows), as a
// distribution in fixed ranges. Cached for 30 s: the Receipts page may be reloaded often, the answer moves slowly.
import "server-only";
import { pool } from "@/lib/db/pool";
import { cached } from "@/lib/cache/report-cache";

export const LAG_SAMPLE = 20_000;
/** Upper bounds of the ranges, in seconds; a receipt that arrived before its send's answer is counted apart. */
const BOUNDS = [0, 10, 30, 60, 300, 900, 3_600, 21_600, 86_400, 172_800];
const LABELS = [
  "before the answer",
  "< 10 s",
  "10–30 s",
  "30 s–1 min",
  "1–5 min",
  "5–15 min",
  "15 min–1 h",
  "1–6 h",
  "6–24 h",
  "1–2 days",
  "> 2 days",
];

export type LagBucket = { label: string; count: number };
export type ReceiptLag = {
  buckets: LagBucket[];
  sampled: number;
  medianSeconds: number | null;
  p95Seconds: number | null;
};

export function getReceiptLag(options: { fresh?: boolean } = {}): Promise<ReceiptLag> {
  return options.fresh ? computeLag() : cached("receipt-lag", () => 30_000, computeLag);
}

async function computeLag(): Promise<ReceiptLag> {
  const { rows } = await pool().query<{ b: number | null; n: string; median: number | null; p95: number | null }>(
    `WITH lag AS (
       SELECT extract(epoch FROM r."receivedAt" - m."submittedAt")::float8 AS s
       FROM (SELECT "messageId", "receivedAt" FROM "Receipt" ORDER BY id DESC LIMIT $1) r
       JOIN "Message" m ON m.id = r."messageId"
       WHERE m."submittedAt" IS NOT NULL
     )
     SELECT width_bucket(s, $2::float8[]) AS b, count(*) AS n,
            (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s) FROM lag) AS median,
            (SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY s) FROM lag) AS p95
     FROM lag GROUP BY GROUPING SETS ((width_bucket(s, $2::float8[])), ())`,
    [LAG_SAMPLE, BOUNDS],
  );
  const counts = new Array<number>(LABELS.length).fill(0);
  let sampled = 0;
  let median: number | null = null;
  let p95: number | null = null;
  for (const row of rows) {
    median = row.median;
    p95 = row.p95;
    if (row.b === null) sampled = Number(row.n);
    else counts[Math.min(row.b, LABELS.length - 1)]! += Number(row.n);
  }
  return {
    buckets: LABELS.map((label, i) => ({ label, count: counts[i]! })),
    sampled,
    medianSeconds: median,
    p95Seconds: p95,
  };
}
