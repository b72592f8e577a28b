// Idle memory of a whole `npm start` (issue 18 item 5): the console as an operator starts it — embedded PostgreSQL,
// sandbox, importer, web server, worker — left idle for a while, then the resident memory of every process of its
// process group, by part. Node parts are counted by RSS; PostgreSQL's processes by PSS (their shared buffers are
// mapped by every backend: RSS would count them once per process). Target: Tuma's own processes ≤ 400 MB together.
// Measured twice: as `npm start` starts by default (the sandbox a thread of the supervisor), and with SANDBOX=off, the
// set that runs against a real provider.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "../lib/bootstrap/build";
import { startConsole } from "../test/console-process";
import { programOf } from "../test/program-of";
import { freePort } from "../test/free-port";
import { fmt } from "./bench-env";
import { allPids, kibOf, statOf } from "./proc";
import type { BenchResult } from "./types";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SETTLE_MS = Number(process.env.BENCH_IDLE_SECONDS ?? 20) * 1000;

/** Which part a process is, from its command line. */
function partOf(cmdline: string): string {
  if (/^postgres[: ]/.test(cmdline) || cmdline.includes("/bin/postgres")) return "postgres (PSS)";
  const program = programOf(cmdline);
  if (program) return program === "start" ? "supervisor (programs/start.ts; the sandbox runs in it when on)" : program;
  if (cmdline.includes("esbuild")) return "esbuild (a compiler's service process)";
  return `other: ${cmdline.replaceAll("\0", " ").slice(0, 60)}`;
}

/** KiB by part, over `root` and every process descending from it (Linux /proc: PostgreSQL's postmaster starts a
 * process group of its own, so the group of `npm start` would miss its backends). */
function memoryByPart(root: number): Map<string, { kib: number; pssKib: number; processes: number }> {
  const parent = new Map<number, number>();
  for (const pid of allPids()) {
    const stat = statOf(pid);
    if (stat) parent.set(pid, stat(4));
  }
  const descends = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  const parts = new Map<string, { kib: number; pssKib: number; processes: number }>();
  for (const pid of parent.keys()) {
    if (!descends(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const part = partOf(cmdline);
      const pss = kibOf(pid, "Pss");
      const size = part.startsWith("postgres") ? pss : kibOf(pid, "VmRSS");
      const current = parts.get(part) ?? { kib: 0, pssKib: 0, processes: 0 };
      parts.set(part, { kib: current.kib + size, pssKib: current.pssKib + pss, processes: current.processes + 1 });
    } catch {
      // gone meanwhile
    }
  }
  return parts;
}

export async function benchIdleMemory(): Promise<BenchResult> {
  await buildIfStale(ROOT, () => console.log("idle-memory bench: building the console…"));
  const figures: Record<string, string> = {};
  // As an operator first starts it (with the sandbox), then as it runs against a real provider (SANDBOX=off).
  for (const sandbox of [true, false]) {
    const set = sandbox ? "npm start" : "npm start, SANDBOX=off";
    for (const [label, value] of Object.entries(await idleFigures(sandbox))) figures[`${set}: ${label}`] = value;
  }
  figures["idle for (s)"] = String(SETTLE_MS / 1000);
  return { name: "idle memory of `npm start` (embedded PostgreSQL, sandbox, importer, web, worker)", figures };
}

async function idleFigures(sandbox: boolean): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-bench-idle-"));
  const console_ = await startConsole({
    TUMA_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    SANDBOX: sandbox ? "on" : "off",
    ALLOW_INSECURE_HTTP: "on",
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
  });
  try {
    // One page answered (the web process loads its routes on first use), then idle.
    await fetch(`${console_.url}/login`).then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const parts = memoryByPart(console_.pid);
    const figures: Record<string, string> = {};
    let own = 0;
    let ownPss = 0;
    for (const [part, { kib: size, pssKib, processes }] of [...parts].sort((a, b) => b[1].kib - a[1].kib)) {
      figures[`${part} (MB, ${processes} process${processes === 1 ? "" : "es"})`] = fmt(size / 1024);
      if (part.startsWith("postgres")) continue;
      own += size;
      ownPss += pssKib;
    }
    figures["Tuma's own processes, together (MB)"] = `${fmt(own / 1024)} (target ≤ 400: ${fmt(own / 1024 / 400, 2)})`;
    // The target is RSS, which counts Node's own executable (≈ 45 MB of shared, clean pages) once per process; PSS
    // shares those pages out, so this is what the machine actually spends on Tuma's processes. Shown, not compared.
    figures["Tuma's own processes, together, by PSS (MB)"] = fmt(ownPss / 1024);
    return figures;
  } finally {
    await console_.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
