// The hostile probe of issue 14, in parts that the test (programs/hostile-probe.test.ts, which asserts outcomes) and
// the benchmark (bench/hostile.ts, which times them and reads memory) share: the memory of Tuma's processes, read
// from /proc; anonymous bodies of 1 GiB, generated as they are written (test/stream-body.ts); the three hostile
// files, with the sentence each is refused with; operators logged in through the real log-in; uploads as a browser
// sends them, normal or held half-sent for as long as the caller likes; and a poller of the log-in page.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { BODY_LIMITS, type BodyLimit } from "@/lib/http/body-limits";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { programOf } from "./program-of";
import { streamBody, type StreamedExchange } from "./stream-body";
import { deflateParts, row, sheetXml, xlsxFile, zipFile } from "./zip-builder";

export const GiB = 1024 ** 3;
export const MB = 1e6;

// ---- memory of Tuma's processes ---------------------------------------------------------------------------------

/** A process of `npm start`'s group: the supervisor (start.ts, with the sandbox thread) and the parts it runs as
 * processes (programs/<part>.ts). */
export type TumaProcess = { part: string; pid: number };
export type ProcessMemory = TumaProcess & { rssMb: number; peakMb: number };

/** Every process of the group led by `leader` (Linux /proc), named by its script. */
export function tumaProcesses(leader: number): TumaProcess[] {
  const found: TumaProcess[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of stat is the process group; the command name (field 2) may hold spaces, so count after its ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== leader) continue;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const command = cmdline.split("\0");
      const script = programOf(cmdline);
      // A part's helpers (tsx's esbuild service, say) are named after their program.
      const part = script === "start" ? "supervisor" : script === "web-server" ? "web" : script;
      found.push({ part: part?.replace("-process", "") ?? path.basename(command[0] ?? "?"), pid: Number(entry) });
    } catch {
      // gone meanwhile
    }
  }
  return found.sort((a, b) => a.part.localeCompare(b.part));
}

function status(pid: number, field: "VmRSS" | "VmHWM"): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return (Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? NaN) * 1024) / MB;
}

/** Each process's RSS now and its peak since the last resetPeaks (the kernel's high-water mark: never missed). */
export function memoryOf(processes: TumaProcess[]): ProcessMemory[] {
  return processes.map((p) => ({ ...p, rssMb: status(p.pid, "VmRSS"), peakMb: status(p.pid, "VmHWM") }));
}

/** Starts each process's high-water mark again from its RSS now (clear_refs 5). */
export function resetPeaks(processes: TumaProcess[]): void {
  for (const p of processes) fs.writeFileSync(`/proc/${p.pid}/clear_refs`, "5");
}

export const sum = (memory: ProcessMemory[], field: "rssMb" | "peakMb") => memory.reduce((t, m) => t + m[field], 0);

// ---- anonymous bodies of 1 GiB -----------------------------------------------------------------------------------

/**
 * The public routes the probe sends 1 GiB to, with the limit each is held to. Receipts to the sandbox account's own
 * address (an unknown secret is answered 404 before the body is read: no test of the limit).
 */
export async function publicBodies(): Promise<{ route: string; limit: BodyLimit }[]> {
  const { receiptSecret } = await db.providerAccount.findFirstOrThrow({ where: { name: "Sandbox" } });
  return [
    { route: "/api/health", limit: BODY_LIMITS.other },
    { route: "/api/auth/callback/credentials", limit: BODY_LIMITS.auth },
    { route: `/api/receipts/${receiptSecret}`, limit: BODY_LIMITS.receipts },
  ];
}

/** 1 GiB to `route`, generated as it is written, chunked (no length to refuse it by: it is counted as it comes). */
export function gibibyteTo(baseUrl: string, route: string, framing: "chunked" | "content-length" = "chunked") {
  return streamBody({
    baseUrl,
    path: route,
    bytes: GiB,
    framing,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

export const messageOf = (exchange: StreamedExchange | Answer): string | undefined => {
  try {
    return (JSON.parse(exchange.body) as { message?: string }).message;
  } catch {
    return undefined;
  }
};

// ---- the three hostile files -------------------------------------------------------------------------------------

export type HostileFile = { what: string; filename: string; bytes: Buffer; status: number; sentence: string };

export function hostileFiles(): HostileFile[] {
  const columns = Array.from({ length: 30_000 }, (_, i) => `column${i}`).join(",");
  const phones = Array.from({ length: 60_000 }, (_, i) => `07${String(10_000_000 + i)}`).join("\n");
  const header = row(1, { A: "phone", B: "name" });
  const people = [2, 3, 4].map((n) => row(n, { A: `07120000${n}0`, B: `Person ${n}` })).join("");
  const merges = Array.from({ length: 1_000 }, (_, i) => `A${2 * i + 2}:XFD${2 * i + 3}`);
  // A gigabyte of XML in about 1.5 MB, its declared size a lie (900 bytes): refused while it inflates.
  const bomb = deflateParts(["<workbook>", { unit: "<row/>  ", megabytes: 1024 }]);
  return [
    {
      what: "CSV, a header of 30,000 columns over 60,000 phone rows",
      filename: "wide.csv",
      bytes: Buffer.from(`${columns}\n${phones}\n`),
      status: 413,
      sentence:
        "Row 1 has 30,000 columns; a list may have at most 200. Keep the phone column and the columns your messages use, and upload again.",
    },
    {
      what: "XLSX, 1,000 merged ranges reaching column XFD",
      filename: "merged.xlsx",
      bytes: xlsxFile({ sheets: [{ name: "Customers", xml: sheetXml(header + people, merges) }] }),
      status: 413,
      sentence:
        'The sheet "Customers" has a merged range (A2:XFD3) reaching column 16,384; a list may have at most 200 columns. Unmerge those cells and upload again.',
    },
    {
      what: "XLSX, xl/workbook.xml inflating to 1 GiB",
      filename: "bomb.xlsx",
      bytes: zipFile([{ name: "xl/workbook.xml", data: bomb, declaredSize: 900 }]),
      status: 413,
      sentence:
        "This workbook's xl/workbook.xml unpacks to more than 16 MB: it is refused as a zip bomb. If it is a real list, save it as CSV and upload that.",
    },
  ];
}

// ---- operators and uploads ---------------------------------------------------------------------------------------

export type Operator = { id: string; email: string; cookie: string };

/** `count` new operators, each logged in through the console's own log-in (next-auth's credentials flow). */
export async function operators(baseUrl: string, count: number): Promise<Operator[]> {
  const password = `probe-${randomUUID()}`;
  const passwordHash = await hash(password);
  const out: Operator[] = [];
  for (let i = 0; i < count; i++) {
    const email = `probe-${i}-${randomUUID().slice(0, 8)}@tuma.local`;
    const { id } = await db.user.create({ data: { email, name: `Probe ${i}`, role: "OPERATOR", passwordHash } });
    out.push({ id, email, cookie: await logIn(baseUrl, email, password) });
  }
  return out;
}

export async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const cookies = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookies(answer).find((c) => c.includes("session-token="));
  if (!session) throw new Error(`log-in of ${email} failed (${answer.status})`);
  return session;
}

export type Answer = { status: number; body: string };

export type HeldUpload = {
  progressKey: string;
  /** Sends the rest of the file; resolves with the answer. */
  finish: () => Promise<Answer>;
  /** Goes away mid-file, as a closed tab does. */
  abort: () => void;
  /** The answer, once there is one before finish() (a refusal while the file is held). */
  early: () => Answer | undefined;
};

/**
 * An upload as a browser sends it (POST /api/lists, the raw file as the body with its Content-Length), of which
 * `head` is sent at once and the rest only when finish() is called: a client on a bad link, for as long as the
 * caller likes. Without `rest`, the whole file is sent and the answer awaited.
 */
export function holdUpload(baseUrl: string, cookie: string, filename: string, head: Buffer, rest: Buffer): HeldUpload {
  const progressKey = randomUUID();
  const request = http.request(`${baseUrl}/api/lists?${new URLSearchParams({ filename, progressKey })}`, {
    method: "POST",
    // A socket of its own, as each browser tab's upload has.
    agent: false,
    headers: { cookie, "content-type": "application/octet-stream", "content-length": head.length + rest.length },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.once("error", reject);
    });
    request.once("error", reject);
  });
  let early: Answer | undefined;
  let finishing = false;
  answer.then(
    (value) => (early = finishing ? undefined : value),
    () => {}, // an aborted upload's answer is nobody's
  );
  request.write(head);
  return {
    progressKey,
    early: () => early,
    finish: () => {
      finishing = true;
      request.end(rest);
      return answer;
    },
    abort: () => request.destroy(),
  };
}

export function upload(baseUrl: string, cookie: string, filename: string, file: Buffer): Promise<Answer> {
  return holdUpload(baseUrl, cookie, filename, file, Buffer.alloc(0)).finish();
}

/** A CSV list of `rows` numbers (a header, then 0712… numbers from `from`), about 20 bytes a row. */
export function csvList(rows: number, from = 0): Buffer {
  const lines = Array.from({ length: rows }, (_, i) => `07${String(20_000_000 + from + i).slice(-8)},Name ${i}`);
  return Buffer.from(`phone,name\n${lines.join("\n")}\n`);
}

/** The uploads among `progressKeys` that the importer is storing (rows read, nothing finished): what a held one holds. */
export async function storingUploads(progressKeys: string[]): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "List" WHERE "progressKey" = ANY($1::uuid[]) AND state = 'STORING'`,
    [progressKeys],
  );
  return rows[0]!.n;
}

/** What uploads by these authors stored: lists (any state) and their recipients. */
export async function storedBy(authorIds: string[]): Promise<{ lists: number; recipients: number }> {
  const { rows } = await pool().query<{ lists: number; recipients: number }>(
    `SELECT count(DISTINCT l.id)::int AS lists, count(r."listId")::int AS recipients
     FROM "List" l LEFT JOIN "ListRecipient" r ON r."listId" = l.id WHERE l."authorId" = ANY($1::uuid[])`,
    [authorIds],
  );
  return rows[0]!;
}

// ---- the log-in page, asked again and again ----------------------------------------------------------------------

export type LoginPoll = { statuses: number[]; latenciesMs: number[] };

/** Asks for the log-in page, one request after another, until stop() — which resolves with every answer. */
export function pollLogin(baseUrl: string): { stop: () => Promise<LoginPoll> } {
  const result: LoginPoll = { statuses: [], latenciesMs: [] };
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const status = await fetch(`${baseUrl}/login`)
        .then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        })
        .catch(() => 0);
      result.statuses.push(status);
      result.latenciesMs.push(performance.now() - t0);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return result;
    },
  };
}
