// Import benchmark (issues 9 and 14, docs/design.md §5): a generated 1,000,000-row CSV (phone + two columns, 2 % invalid,
// 1 % duplicates) uploaded to the built console as a browser uploads it (POST /api/lists, the raw file as the body,
// streamed from disk), timed from the first byte sent to the stored report's answer; and the peak RSS meanwhile of the
// console's web server process, which hands the file on, and of its importer process, which reads and stores it
// (each its kernel high-water mark, reset before: not sampled), against the targets ≤ 5.6 s, web growth ≤ 50 MB and
// importer peak ≤ 300 MB. Then a 100,000-row XLSX the same way, and the CSV again through the import alone in this
// process, to show what HTTP, Next and the hand-off add.
// Run: npx tsx --conditions=react-server bench/import.ts   (BENCH_IMPORT_ROWS=1000000, BENCH_XLSX_ROWS=100000)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { operatorSession, startBenchConsole, uploadFile } from "./bench-console";
import { fmt, scratchDir, seedAccount, withBenchEnv } from "./bench-env";
import { writePeopleCsv } from "./people-csv";
import { secondsOf, timed } from "./timed-runs";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const TARGET_S = 5.6;
const TARGET_WEB_GROWTH_MB = 50;
const TARGET_IMPORTER_MB = 300;

/** Row i's phone: every 50th invalid (2 %), every 100th a repeat of the row before (1 %). */
function phoneOf(i: number): string {
  if (i % 50 === 7) return `07${String(i).padStart(5, "0")}`; // too short
  const n = i % 100 === 99 ? i - 1 : i;
  return `07${String(10_000_000 + n).slice(-8)}`;
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

type Memory = { baseMb: number; peakMb: number };
type Measured<T> = { result: T; seconds: number; web: Memory; importer: Memory };

/** `work` timed, with the peak RSS of the web server and of the importer meanwhile (each high-water mark reset before:
 * not sampled) and their RSS before it. */
async function measure<T>(pids: { web: number; importer: number }, work: () => Promise<T>): Promise<Measured<T>> {
  const { memoryOf, resetPeaks } = await import("../test/hostile-probe");
  const processes = [
    { part: "web", pid: pids.web },
    { part: "importer", pid: pids.importer },
  ];
  resetPeaks(processes);
  const [web, importer] = memoryOf(processes);
  const { result, seconds } = await timed(work);
  const [webAfter, importerAfter] = memoryOf(processes);
  return {
    result,
    seconds,
    web: { baseMb: web!.rssMb, peakMb: webAfter!.peakMb },
    importer: { baseMb: importer!.rssMb, peakMb: importerAfter!.peakMb },
  };
}

type Imported = { rows: number; valid: number; invalid: number; duplicates: number };

/** `file` uploaded as a browser does (bench/bench-console.ts): the stored list's report. */
async function upload(base: string, cookie: string, file: string, name: string): Promise<Imported> {
  const answer = await uploadFile(base, cookie, file, name);
  if (answer.status !== 201) throw new Error(`upload of ${name}: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { list: Imported }).list;
}

export async function benchImport(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const dir = scratchDir(env, "import");
    const csv = path.join(dir, "customers.csv");
    const csvBytes = writePeopleCsv(csv, ROWS, phoneOf);
    const xlsx = path.join(dir, "customers.xlsx");
    const xlsxBytes = await writeXlsx(xlsx);
    const small = path.join(dir, "warm-up.csv");
    fs.writeFileSync(small, "phone,name\n0712345678,Warm\n");

    // First the CSV through the import alone, in this process (no HTTP, no Next): what the route adds is the rest.
    const { importList } = await import("../lib/lists/import-list");
    const { userId } = await seedAccount(env);
    const inProcess = await secondsOf(() =>
      importList({
        body: fs.createReadStream(csv, { highWaterMark: 64 * 1024 }),
        declaredBytes: csvBytes,
        filename: "customers.csv",
        authorId: userId,
      }),
    );

    const console_ = await startBenchConsole(env, "import");
    const cookie = await operatorSession(console_.url);
    const pids = { web: console_.webPid(), importer: console_.partPid("importer") };
    // The route's code is loaded by its first request, as after any start of the console.
    await upload(console_.url, cookie, small, "warm-up.csv");
    const load0 = os.loadavg()[0]!;
    const big = await measure(pids, () => upload(console_.url, cookie, csv, "customers.csv"));
    const sheet = await measure(pids, () => upload(console_.url, cookie, xlsx, "customers.xlsx"));
    const load1 = os.loadavg()[0]!;

    const counts = (r: Imported) =>
      `${fmt(r.rows)} rows: ${fmt(r.valid)} valid, ${fmt(r.invalid)} invalid, ${fmt(r.duplicates)} duplicates`;
    return {
      name: "import (recipient lists), over HTTP through the built console",
      figures: {
        "CSV file": `${fmt(ROWS)} rows, ${fmt(csvBytes / 1e6, 1)} MB`,
        "CSV report": counts(big.result),
        "CSV upload → stored report (s, ÷ 5.6 s target)": `${fmt(big.seconds, 2)} (${fmt(big.seconds / TARGET_S, 2)})`,
        "CSV rows/s": fmt(ROWS / big.seconds),
        "web server growth during the CSV (MB, ÷ 50 MB target)": `${fmt(big.web.peakMb - big.web.baseMb)} (${fmt((big.web.peakMb - big.web.baseMb) / TARGET_WEB_GROWTH_MB, 2)}); peak ${fmt(big.web.peakMb)}, ${fmt(big.web.baseMb)} before it`,
        "importer peak RSS during the CSV (MB, ÷ 300 MB target)": `${fmt(big.importer.peakMb)} (${fmt(big.importer.peakMb / TARGET_IMPORTER_MB, 2)}); ${fmt(big.importer.baseMb)} before it`,
        "XLSX file": `${fmt(XLSX_ROWS)} rows, ${fmt(xlsxBytes / 1e6, 1)} MB`,
        "XLSX report": counts(sheet.result),
        "XLSX upload → stored report (s)": fmt(sheet.seconds, 2),
        "web server growth / importer peak RSS during the XLSX (MB)": `${fmt(sheet.web.peakMb - sheet.web.baseMb)} / ${fmt(sheet.importer.peakMb)} (${fmt(sheet.importer.baseMb)} before)`,
        "same CSV in-process, import alone, first (s)": fmt(inProcess, 2),
        "load average before / after": `${fmt(load0, 2)} / ${fmt(load1, 2)}`,
        "console build before the run (s)": console_.buildSeconds ? fmt(console_.buildSeconds, 1) : "up to date",
      },
    };
  });
}

runAlone(import.meta.url, benchImport);
