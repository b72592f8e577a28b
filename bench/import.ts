// Import benchmark (issue 9, DESIGN.md §9): a generated 1,000,000-row CSV (phone + two columns, 2 % invalid, 1 %
// duplicates) through the upload path's own import (sniff, parse, check, dedupe, COPY, report), streamed from disk
// in 64 KiB pieces as a request body arrives, in this process; then a 100,000-row XLSX. Seconds, rows/s and the
// process's peak RSS growth (sampled every 25 ms), against the targets ≤ 5.6 s and ≤ 300 MB.
// Run: npx tsx --conditions=react-server bench/import.ts   (BENCH_IMPORT_ROWS=1000000, BENCH_XLSX_ROWS=100000)
// The figure is in-process: over HTTP through the console the request's streaming is added (not yet measured).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { fmt, startBenchEnv } from "./bench-env";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const TARGET_S = 5.6;
const TARGET_MB = 300;

/** Row i's phone: every 50th invalid (2 %), every 100th a repeat of the row before (1 %). */
function phoneOf(i: number): string {
  if (i % 50 === 7) return `07${String(i).padStart(5, "0")}`; // too short
  const n = i % 100 === 99 ? i - 1 : i;
  return `07${String(10_000_000 + n).slice(-8)}`;
}

function writeCsv(file: string): number {
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, "phone,name,town\n");
  let lines: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    lines.push(`${phoneOf(i)},Name ${i},Town ${i % 47}`);
    if (lines.length === 10_000) {
      fs.writeSync(fd, `${lines.join("\n")}\n`);
      lines = [];
    }
  }
  if (lines.length) fs.writeSync(fd, `${lines.join("\n")}\n`);
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

async function writeXlsx(file: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet("Customers");
  sheet.addRow(["phone", "name", "town"]).commit();
  for (let i = 0; i < XLSX_ROWS; i++) sheet.addRow([phoneOf(i), `Name ${i}`, `Town ${i % 47}`]).commit();
  sheet.commit();
  await workbook.commit();
  return fs.statSync(file).size;
}

async function measure<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t0 = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: (performance.now() - t0) / 1000,
      peakMb: (Math.max(peak, process.memoryUsage().rss) - base) / 1e6,
    };
  } finally {
    clearInterval(timer);
  }
}

export async function benchImport(): Promise<BenchResult> {
  const env = await startBenchEnv(["--no-receipts"]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-bench-import-"));
  try {
    const { db } = await import("../lib/db/client");
    const { importUpload } = await import("../lib/recipients/import-upload");
    const author = await db.user.create({
      data: { email: "import@bench.local", name: "Import", role: "OPERATOR", passwordHash: "x" },
    });
    const csv = path.join(dir, "customers.csv");
    const csvBytes = writeCsv(csv);
    const fromDisk = (file: string) =>
      fs.createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Uint8Array>;
    const big = await measure(() =>
      importUpload({ body: fromDisk(csv), declaredBytes: csvBytes, filename: "customers.csv", authorId: author.id }),
    );
    const xlsx = path.join(dir, "customers.xlsx");
    const xlsxBytes = await writeXlsx(xlsx);
    const sheet = await measure(() =>
      importUpload({ body: fromDisk(xlsx), declaredBytes: xlsxBytes, filename: "customers.xlsx", authorId: author.id }),
    );
    const counts = (r: { rows: number; valid: number; invalid: number; duplicates: number }) =>
      `${fmt(r.rows)} rows: ${fmt(r.valid)} valid, ${fmt(r.invalid)} invalid, ${fmt(r.duplicates)} duplicates`;
    return {
      name: "import (recipient lists)",
      figures: {
        "CSV file": `${fmt(ROWS)} rows, ${fmt(csvBytes / 1e6, 1)} MB`,
        "CSV report": counts(big.result),
        "CSV upload → stored report (s, ÷ 5.6 s target)": `${fmt(big.seconds, 2)} (${fmt(big.seconds / TARGET_S, 2)})`,
        "CSV rows/s": fmt(ROWS / big.seconds),
        "CSV peak RSS growth (MB, ÷ 300 MB target)": `${fmt(big.peakMb)} (${fmt(big.peakMb / TARGET_MB, 2)})`,
        "XLSX file": `${fmt(XLSX_ROWS)} rows, ${fmt(xlsxBytes / 1e6, 1)} MB`,
        "XLSX report": counts(sheet.result),
        "XLSX upload → stored report (s)": fmt(sheet.seconds, 2),
        "XLSX peak RSS growth (MB)": fmt(sheet.peakMb),
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await env.stop();
  }
}

runAlone(import.meta.url, benchImport);
