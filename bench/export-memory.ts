// Export memory, alone (issue 14 item 4): what a 1,000,000-recipient CSV (or a 100,000-recipient XLSX) export costs
// the process that serves it, without Next around it. The batch is generated (bench/bench-batch.ts); the export is
// served by a plain node:http server that writes the stream as Next's route handlers do (write, and wait for `drain`
// when write says so), and read by curl in its own process, as fast as it reads (so the client's memory is not in
// the figures). Sampled every 50 ms: RSS and the JavaScript heap; the peak RSS is the kernel's high-water mark.
// Run: npx tsx --conditions=react-server bench/export-memory.ts   (EXPORT_ROWS=1000000, EXPORT_FORMAT=csv|xlsx;
// node flags through NODE_OPTIONS, e.g. --max-old-space-size=96 to see whether it still completes in a small heap)
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { download, operatorSession, startBenchConsole } from "./bench-console";
import { generatedBatch, type GeneratedBatch } from "./bench-batch";
import { fmt, withBenchEnv, type BenchEnv } from "./bench-env";
import { kibOf } from "./proc";
import { runAlone } from "./run-alone";
import type { BenchResult } from "./types";

const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const FORMAT = process.env.EXPORT_FORMAT === "xlsx" ? "xlsx" : "csv";
/** "next": through the built console (its web process measured) instead of the plain server in this process. */
const VIA = process.env.EXPORT_VIA === "next" ? "next" : "node";
/** Extra curl options, e.g. "--compressed" (as fetch asks: Next then gzips) or "--limit-rate 2M" (a slow client). */
const CURL = (process.env.EXPORT_CURL ?? "").split(" ").filter(Boolean);

const mb = (bytes: number) => bytes / 1024 / 1024;

export async function benchExportMemory(): Promise<BenchResult> {
  return withBenchEnv(async (env) => {
    const batch = await generatedBatch(env, ROWS, "Export memory");

    const served = VIA === "next" ? await throughNext(env) : await inThisProcess(env, batch);
    const url = `${served.base}/api/batches/${batch.id}/export?format=${FORMAT}`;
    const before = served.rssMb();
    fs.writeFileSync(`/proc/${served.pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
    let heapPeak = 0;
    const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, served.heapMb())), 50);
    const { seconds, bytes } = await download(url, served.cookie, CURL);
    clearInterval(sampler);
    const peak = kibOf(served.pid, "VmHWM") / 1024;
    return {
      name: `export memory (${FORMAT} via ${VIA}, ${ROWS.toLocaleString("en")} recipients, curl ${CURL.join(" ")}, NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ""})`,
      figures: {
        export: `${fmt(bytes / 1e6, 1)} MB in ${fmt(seconds, 2)} s`,
        "RSS before (MB)": fmt(before, 0),
        "peak RSS during (MB)": `${fmt(peak, 0)} (+${fmt(peak - before, 0)})`,
        "JS heap used, peak sampled (MB)": VIA === "node" ? fmt(heapPeak, 0) : "—",
      },
    };
  });
}

runAlone(import.meta.url, benchExportMemory);

type Served = {
  base: string;
  pid: number | "self";
  cookie?: string;
  rssMb: () => number;
  heapMb: () => number;
};

/** A plain node:http server writing the stream as Next's route handlers do: write, and wait for `drain`. */
async function inThisProcess(env: BenchEnv, batch: GeneratedBatch): Promise<Served> {
  const { reportStream } = await import("../lib/batches/export-report");
  const { reportXlsxStream } = await import("../lib/batches/export-report-xlsx");
  const server = http.createServer((_, res) => {
    const body = FORMAT === "xlsx" ? reportXlsxStream(batch, null) : reportStream(batch, null);
    let drained: () => void = () => {};
    res.on("drain", () => drained());
    void body
      .pipeTo(
        new WritableStream<Uint8Array>({
          async write(chunk) {
            if (!res.write(chunk)) await new Promise<void>((resolve) => (drained = resolve));
          },
          close: () => void res.end(),
        }),
      )
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  env.atStop(() => new Promise((resolve) => server.close(resolve)));
  global.gc?.();
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid: "self",
    rssMb: () => mb(process.memoryUsage().rss),
    heapMb: () => mb(process.memoryUsage().heapUsed),
  };
}

/** The built console (bench/bench-console.ts), a logged-in operator's cookie, its web process measured. */
async function throughNext(env: BenchEnv): Promise<Served> {
  const console_ = await startBenchConsole(env, "export-memory");
  const cookie = await operatorSession(console_.url);
  const pid = console_.webPid();
  return {
    base: console_.url,
    pid,
    cookie,
    rssMb: () => kibOf(pid, "VmRSS") / 1024,
    heapMb: () => 0,
  };
}
