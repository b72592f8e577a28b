// Export against the database's own COPY (issue 41 item 1): in one run, PostgreSQL's `COPY (…) TO STDOUT` of a
// 1,000,000-recipient batch's report rows (the same columns, the times formatted in the organisation's zone as the
// report writes them), then Tuma's CSV export of the same batch over HTTP through the built console (curl in its own
// process, as fast as it reads; identity, then gzip as a browser asks), and COPY again; the ratio is each export's time
// over the mean of the two COPYs. The same for XLSX on a 100,000-recipient batch (its limit). Goal: ≤ 1.5 CSV, ≤ 2.5
// XLSX. The machine's empty-route rate is measured in the same minutes (bench/empty-route.ts).
// Run: npx tsx --conditions=react-server bench/export.ts   (EXPORT_ROWS=1000000, EXPORT_XLSX_ROWS=100000)
import { to as copyTo } from "pg-copy-streams";
import { download, operatorSession, startBenchConsole } from "./bench-console";
import { generatedBatch, type GeneratedBatch } from "./bench-batch";
import { fmt, withBenchEnv } from "./bench-env";
import { emptyRouteRate } from "./empty-route";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";

const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const XLSX_ROWS = Number(process.env.EXPORT_XLSX_ROWS ?? 100_000);

/** The report's columns as COPY writes them: the same text, with the zone's offset (TZH:TZM, the session's zone). */
const COPY_SELECT = `SELECT phone, state, "deliveryStatus", id, "providerUniqueId", operator, "smsUnits",
    to_char("submittedAt", 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'), to_char("receiptAt", 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
    COALESCE(text, $template), "lastError", "callState"
  FROM "Message" WHERE "batchId" = $batch ORDER BY id`;

/** COPY of the batch's rows to this process, counted and dropped: seconds and bytes. */
async function copySeconds(batch: GeneratedBatch, zone: string): Promise<{ seconds: number; bytes: number }> {
  const { pool } = await import("../lib/db/pool");
  const client = await pool().connect();
  try {
    await client.query(`SELECT set_config('TimeZone', $1, false)`, [zone]);
    const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
    const sql = COPY_SELECT.replace("$template", literal(batch.templateText)).replace("$batch", literal(batch.id));
    const t0 = performance.now();
    const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT (FORMAT csv)`));
    let bytes = 0;
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    return { seconds: (performance.now() - t0) / 1000, bytes };
  } finally {
    await client.query(`RESET TimeZone`);
    client.release();
  }
}

/** The same report's pages as the export reads them (report-csv-page.ts), in this process, no HTTP: the database's
 * share of the export's time, apart from the web's. */
async function pagesSeconds(batch: GeneratedBatch): Promise<{ seconds: number; bytes: number }> {
  const { getBatch } = await import("../lib/batches/get-batch");
  const { reportCsvPages } = await import("../lib/batches/report-csv-page");
  const found = await getBatch(batch.id);
  if (!found) throw new Error(`No batch ${batch.id}.`);
  const t0 = performance.now();
  let bytes = 0;
  for await (const page of reportCsvPages(found, null, null)) bytes += Buffer.byteLength(page);
  return { seconds: (performance.now() - t0) / 1000, bytes };
}

export async function benchExport(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const { getOrgTimeZone } = await import("../lib/organisation/time-zone");
    const big = await generatedBatch(env, ROWS, "Export");
    const small = await generatedBatch(env, XLSX_ROWS, "Export XLSX");
    const zone = await getOrgTimeZone();
    const console_ = await startBenchConsole(env, "export");
    const cookie = await operatorSession(console_.url);
    const empty = await emptyRouteRate(console_.url);
    const url = (batch: GeneratedBatch, format: string) =>
      `${console_.url}/api/batches/${batch.id}/export?format=${format}`;
    const copy1 = await copySeconds(big, zone);
    const pages = await pagesSeconds(big);
    const identity = await download(url(big, "csv"), cookie);
    const gzip = await download(url(big, "csv"), cookie, ["--compressed"]);
    const copy2 = await copySeconds(big, zone);
    const copySmall = await copySeconds(small, zone);
    const xlsx = await download(url(small, "xlsx"), cookie);
    const copy = (copy1.seconds + copy2.seconds) / 2;
    const line = (d: { seconds: number; bytes: number }, floor: number) =>
      `${fmt(d.seconds, 2)} s, ${fmt(d.bytes / 1e6, 1)} MB: ${fmt(d.seconds / floor, 2)} × COPY`;
    return {
      name: `export (${ROWS.toLocaleString("en")} recipients CSV, ${XLSX_ROWS.toLocaleString("en")} XLSX, over HTTP)`,
      figures: {
        "empty route (req/s), same minutes": fmt(empty),
        "COPY … TO STDOUT, before / after (s)": `${fmt(copy1.seconds, 2)} / ${fmt(copy2.seconds, 2)} (${fmt(copy1.bytes / 1e6, 1)} MB)`,
        "CSV pages in-process, no HTTP (the database's share)": line(pages, copy),
        "CSV, identity (target ≤ 1.5 × COPY)": line(identity, copy),
        "CSV, gzip (target ≤ 1.5 × COPY)": line(gzip, copy),
        [`COPY of ${XLSX_ROWS.toLocaleString("en")} (s)`]: fmt(copySmall.seconds, 2),
        "XLSX (target ≤ 2.5 × COPY)": line(xlsx, copySmall.seconds),
      },
    };
  });
}

runAlone(import.meta.url, benchExport);
