// Hostile-probe benchmark (issue 14): the probe of programs/hostile-probe.test.ts against the built console as `npm
// start` runs it (supervisor with its sandbox thread, web, importer, worker; the database outside the figures), timed,
// with the memory of Tuma's processes read from /proc (RSS, and each process's kernel high-water mark reset before a
// step: a peak is never missed by sampling). Figures against the issue's targets:
// - each anonymous 1 GiB body (chunked, no length to refuse it by) → 413: time, and bytes the server accepted;
// - each hostile file's refusal: ≤ 30 s;
// - a normal upload (1,000 rows, 20 KB) while 16 slow uploads from eight people hold on: ≤ 10 s;
// - the log-in page, asked again and again throughout: its slowest answer ≤ 2 s;
// - the peak RSS of Tuma's processes together ≤ baseline + 1,000 MB;
// and the memory figures the issue asks for: idle RSS of each process, the importer's RSS per held slow upload (what
// the upload cap of lib/fair-share/transfer-slots.ts is sized by), and each process's peak during a 1,000,000-row
// import and during a 1,000,000-recipient export (CSV over HTTP, read as fast as the client can).
// Run: npx tsx --conditions=react-server bench/hostile.ts   (or BENCH_ONLY=hostile npm run bench)
import os from "node:os";
import path from "node:path";
import { generatedBatch } from "./bench-batch";
import { download, startBenchConsole, uploadFile } from "./bench-console";
import { fmt, scratchDir, withBenchEnv } from "./bench-env";
import { writePeopleCsv } from "./people-csv";
import { timed } from "./timed-runs";
import type { BenchResult } from "./types";
import { runAlone } from "./run-alone";
import { freePort } from "../test/free-port";

/** The import's rows and the export's recipients (BENCH_HOSTILE_ROWS for a quick run). */
const ROWS = Number(process.env.BENCH_HOSTILE_ROWS ?? 1_000_000);
const TARGET_REFUSAL_S = 30;
const TARGET_NORMAL_S = 10;
const TARGET_LOGIN_S = 2;
const GROWTH_MB = 1_000;

type Probe = typeof import("../test/hostile-probe");
type Memory = ReturnType<Probe["memoryOf"]>;

const perProcess = (memory: Memory, field: "rssMb" | "peakMb") =>
  memory.map((m) => `${m.part} ${fmt(m[field])}`).join(", ");

export async function benchHostile(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const dir = scratchDir(env, "hostile");
    // Imported once DATABASE_URL names the benchmark's database.
    const probe: Probe = await import("../test/hostile-probe");
    const { waitFor } = await import("../test/dispatch-harness");
    const console_ = await startBenchConsole(env, "hostile", {
      SANDBOX: "true",
      WORKER: "true",
      SANDBOX_PORT: String(await freePort()),
    });
    const base = console_.url;
    const people = await probe.operators(base, 10);
    const [ninth, sender] = [people[8]!, people[9]!];
    await probe.upload(base, ninth.cookie, "warm-up.csv", probe.csvList(3));
    const processes = probe.tumaProcesses(console_.pid);
    const load0 = os.loadavg()[0]!;
    const idle = probe.memoryOf(processes);
    const baseline = probe.sum(idle, "rssMb");
    probe.resetPeaks(processes);
    const login = probe.pollLogin(base);

    // 1. The 1 GiB bodies, one after the other (each timed alone).
    const bodies: string[] = [];
    for (const { route, limit } of await probe.publicBodies()) {
      const { result: exchange, seconds } = await timed(() => probe.gibibyteTo(base, route));
      const ok = exchange.status === 413 && probe.messageOf(exchange) === limit.message;
      bodies.push(
        `${route.replace(/receipts\/.*/, "receipts/<secret>")} ${exchange.status}${ok ? "" : " (NOT its sentence)"} in ${fmt(seconds, 2)} s, ${fmt(exchange.written / 1024)} KiB taken`,
      );
    }

    // 2. The hostile files.
    const files: string[] = [];
    for (const file of probe.hostileFiles()) {
      const { result: answer, seconds: s } = await timed(() =>
        probe.upload(base, sender.cookie, file.filename, file.bytes),
      );
      const ok = answer.status === file.status && probe.messageOf(answer) === file.sentence;
      files.push(
        `${file.filename} ${answer.status}${ok ? "" : " (NOT its sentence)"} in ${fmt(s, 2)} s (${fmt(s / TARGET_REFUSAL_S, 3)})`,
      );
    }

    // 3. Sixteen slow uploads held; the importer's memory with them; the ninth person's normal upload meanwhile.
    const importer = processes.find((p) => p.part === "importer")!;
    const importerBefore = probe.memoryOf([importer])[0]!.rssMb;
    const list = probe.csvList(20_000);
    const held = people
      .slice(0, 8)
      .flatMap((person, i) =>
        [0, 1].map((j) =>
          probe.holdUpload(
            base,
            person.cookie,
            `slow-${i}-${j}.csv`,
            list.subarray(0, 100_000),
            list.subarray(100_000),
          ),
        ),
      );
    const keys = held.map((h) => h.progressKey);
    await waitFor(
      () => probe.storingUploads(keys),
      (n) => n === 16,
      120_000,
      "sixteen slow uploads held",
    );
    const importerHeld = probe.memoryOf([importer])[0]!.rssMb;
    const third = await probe.upload(base, people[0]!.cookie, "third.csv", probe.csvList(10));
    const normalList = probe.csvList(1_000);
    const { result: normal, seconds: normalS } = await timed(() =>
      probe.upload(base, ninth.cookie, "normal.csv", normalList),
    );
    const stillHeld = await probe.storingUploads(keys);
    held.slice(8).forEach((h) => h.abort());
    const finished = await Promise.all(held.slice(0, 8).map((h) => h.finish()));

    const polled = await login.stop();
    const probePeak = probe.memoryOf(processes);
    const peakSum = probe.sum(probePeak, "peakMb");
    const maxLoginS = Math.max(...polled.latenciesMs) / 1000;

    // 4. A million-row import, then a million-recipient export: each process's peak during each.
    const csv = path.join(dir, "million.csv");
    writePeopleCsv(csv, ROWS, (i) => `07${String(10_000_000 + i).slice(-8)}`);
    probe.resetPeaks(processes);
    const { result: imported, seconds: importS } = await timed(() => uploadFile(base, ninth.cookie, csv));
    const importPeak = probe.memoryOf(processes);
    const batchId = (await generatedBatch(env, ROWS, "A million to export")).id;
    probe.resetPeaks(processes);
    const exported = await download(`${base}/api/batches/${batchId}/export`, ninth.cookie);
    const exportPeak = probe.memoryOf(processes);
    const serving = (await fetch(`${base}/api/health`)).status;
    const load1 = os.loadavg()[0]!;

    return {
      name: "hostile probe, over HTTP against the built console (web, importer, worker, supervisor with the sandbox)",
      figures: {
        "idle RSS of each process (MB)": perProcess(idle, "rssMb"),
        "idle RSS, all of Tuma's processes (MB)": fmt(baseline),
        "1 GiB anonymous bodies, chunked (→ 413)": bodies.join("; "),
        "hostile files refused (s, ÷ 30 s target)": files.join("; "),
        "16 slow uploads held: importer RSS before → with them (MB)": `${fmt(importerBefore)} → ${fmt(importerHeld)} (${fmt((importerHeld - importerBefore) / 16, 1)} per held upload)`,
        "same person's third upload": `${third.status}${probe.messageOf(third) ? `: ${probe.messageOf(third)}` : ""}`,
        "normal upload (1,000 rows) during the 16 slow ones (s, ÷ 10 s target)": `${normal.status} in ${fmt(normalS, 2)} (${fmt(normalS / TARGET_NORMAL_S, 3)}); ${stillHeld} slow ones still held`,
        "8 slow uploads finished afterwards": finished.map((a) => a.status).join(" "),
        "log-in page during the probe: answers, slowest (s, ÷ 2 s target)": `${polled.statuses.length} answers, ${polled.statuses.filter((s) => s !== 200).length} not 200; slowest ${fmt(maxLoginS, 2)} (${fmt(maxLoginS / TARGET_LOGIN_S, 2)})`,
        "peak RSS of each process during the probe (MB)": perProcess(probePeak, "peakMb"),
        "peak RSS, all together, vs baseline + 1,000 MB": `${fmt(peakSum)} vs ${fmt(baseline + GROWTH_MB)} (growth ${fmt(peakSum - baseline)} MB, ${fmt((peakSum - baseline) / GROWTH_MB, 2)} of the allowance)`,
        [`${fmt(ROWS)}-row CSV import over HTTP`]: `${imported.status} in ${fmt(importS, 2)} s`,
        "peak RSS of each process during the import (MB)": perProcess(importPeak, "peakMb"),
        [`${fmt(ROWS)}-recipient CSV export over HTTP`]: `${fmt(exported.bytes / 1e6, 1)} MB in ${fmt(exported.seconds, 2)} s`,
        "peak RSS of each process during the export (MB)": perProcess(exportPeak, "peakMb"),
        "console serving at the end (/api/health)": serving,
        "load average before / after": `${fmt(load0, 2)} / ${fmt(load1, 2)}`,
        "console build before the run (s)": console_.buildSeconds ? fmt(console_.buildSeconds, 1) : "up to date",
      },
    };
  });
}

runAlone(import.meta.url, benchHostile);
