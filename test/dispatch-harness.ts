// Real parts for dispatch and receipt tests: the sandbox provider over HTTP, a receipt endpoint over HTTP that runs
// the web server's receipt handler, a provider account pointing at them, and helpers to read the outcome.
import http from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import type { KnobsPatch } from "@/sandbox/knobs";
import type { AcceptedMessage } from "@/sandbox/state";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { sealAccountToken } from "@/lib/accounts/account-token";
import { account } from "./report-data";
import { createBatch, type CreateBatchInput } from "@/lib/batches/create-batch";
import { answerReceiptCallback, receiptCallbackSecret } from "@/lib/receipts/receipt-callback";
import { keepConnectionsAlive } from "@/lib/http/keep-alive";
import { inProcessSandbox, sandboxProcess, type SandboxLink } from "./sandbox-link";

/**
 * The worker's request time-out for tests whose subject is not a time-out: the sandbox answers at once (or after a
 * latency knob's few hundred ms), and a loaded machine must not turn a slow answer into UNKNOWN. At 5 s, a run with
 * two suites and a CPU hog beside it (load 29) lost a chunk of faults.test.ts's 429 test that way: 1,400 of 1,500
 * QUEUED. The tests that are about a time-out set their own.
 */
export const UNHURRIED_REQUEST_MS = 120_000;

export type Harness = {
  sandbox: SandboxLink;
  receiptBaseUrl: string;
  accountId: string;
  receiptSecret: string;
  userId: string;
  token: string;
  accepted: SandboxLink["accepted"];
  requests: SandboxLink["requests"];
  close: () => Promise<void>;
};

export type HarnessOptions = {
  knobs?: KnobsPatch;
  accountToken?: string;
  requestsPerSecond?: number;
  /** Run the sandbox as its own process: for tests that measure when requests arrive (see sandbox-link.ts). */
  sandboxProcess?: boolean;
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const token = `tok_${randomBytes(12).toString("hex")}`;
  const knobs: KnobsPatch = { receiptDelayMs: [0, 20], ...options.knobs };
  const sandbox = await (options.sandboxProcess ? sandboxProcess(token, knobs) : inProcessSandbox(token, knobs));
  // The web server's own handler for the path (programs/web-server.ts), without the rest of the console.
  const receiptServer = http.createServer((req, res) => {
    const secret = receiptCallbackSecret(new URL(req.url ?? "/", "http://host").pathname);
    if (secret === null) return void res.writeHead(404).end();
    void answerReceiptCallback(req, res, secret);
  });
  keepConnectionsAlive(receiptServer); // as the web server does
  await new Promise<void>((resolve) => receiptServer.listen(0, "127.0.0.1", resolve));
  const port = (receiptServer.address() as { port: number }).port;
  const receiptSecret = randomBytes(12).toString("hex");
  const accountToken = options.accountToken ?? token;
  const accountId = randomUUID();
  await account({
    id: accountId,
    name: `Sandbox ${receiptSecret.slice(0, 6)}`,
    baseUrl: sandbox.url,
    tokenCiphertext: sealAccountToken(accountToken, accountId),
    tokenLast4: accountToken.slice(-4),
    receiptSecret,
    requestsPerSecond: options.requestsPerSecond ?? 120,
    isDefault: true,
  });
  const user = await db.user.create({
    data: { email: `op-${receiptSecret}@test.local`, name: "Operator", role: "OPERATOR", passwordHash: "x" },
    select: { id: true },
  });
  return {
    sandbox,
    receiptBaseUrl: `http://127.0.0.1:${port}`,
    accountId,
    receiptSecret,
    userId: user.id,
    token,
    accepted: sandbox.accepted,
    requests: sandbox.requests,
    close: async () => {
      await sandbox.close();
      await new Promise<void>((resolve) => receiptServer.close(() => resolve()));
    },
  };
}

/** An SMS batch by the harness's operator on its account, to `recipients`; `input` sets what else the test needs. */
export function harnessBatch(h: Harness, name: string, recipients: string[], input: Partial<CreateBatchInput> = {}) {
  return createBatch({
    kind: "SMS",
    accountId: h.accountId,
    authorId: h.userId,
    name,
    templateText: "Habari",
    sender: "TUMA",
    recipients: recipients.map((phone) => ({ phone })),
    ...input,
  });
}

/** An SMS batch sent to the end (COMPLETED), and its messages in id order. */
export async function sentBatch(h: Harness, name: string, recipients: string[], input: Partial<CreateBatchInput> = {}) {
  const { id } = await harnessBatch(h, name, recipients, input);
  await completed(id, 30_000, "sent");
  return { id, messages: await db.message.findMany({ where: { batchId: id }, orderBy: { id: "asc" } }) };
}

/** Kenyan numbers 2547xxxxxxxx, distinct. */
export function phones(count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, i) => `2547${String(10_000_000 + offset + i).slice(-8)}`);
}

/**
 * Polls `probe` until `done`. What fails it is a stall, not a slow machine: `stallMs` with the probed value unchanged
 * (nothing moved: no counter, no state, no row). While the value keeps changing the wait goes on, and the test's own
 * timeout is the bound — a loaded machine sends and applies more slowly, and a wait for a total time failed there
 * with the work still progressing.
 */
export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  stallMs = 60_000,
  what = "condition",
): Promise<T> {
  let last = "";
  let movedAt = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    const seen = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));
    if (seen !== last) [last, movedAt] = [seen, Date.now()];
    else if (Date.now() - movedAt > stallMs)
      throw new Error(`Waiting for ${what}, nothing moved for ${stallMs / 1000} s: ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function batchRow(id: string) {
  return db.batch.findUniqueOrThrow({ where: { id } });
}

/** Waits (as waitFor: failing on a stall of `stallMs`) until the batch's row is `done`, and returns it. */
export function batchWhen(
  id: string,
  done: (b: Awaited<ReturnType<typeof batchRow>>) => boolean,
  stallMs?: number,
  what?: string,
) {
  return waitFor(() => batchRow(id), done, stallMs, what);
}

/** Waits (as waitFor: failing on a stall of `stallMs`) for the batch to be COMPLETED, and returns its row. */
export function completed(id: string, stallMs?: number, what = "completed") {
  return batchWhen(id, (b) => b.state === "COMPLETED", stallMs, what);
}

/**
 * Counters add up to the recipients and match a full count of the messages by state — read in one statement, so in
 * one snapshot, even while a worker is changing states.
 */
export async function countersConsistent(batchId: string): Promise<boolean> {
  const { rows } = await pool().query<{ ok: boolean }>(
    `WITH actual AS (SELECT state::text AS state, count(*)::int AS n FROM "Message" WHERE "batchId" = $1 GROUP BY 1),
          b AS (SELECT * FROM "Batch" WHERE id = $1),
          kept AS (
            SELECT * FROM (VALUES
              ('PENDING', (SELECT "pendingCount" FROM b)),
              ('QUEUED', (SELECT "queuedCount" FROM b)), ('DELIVERED', (SELECT "deliveredCount" FROM b)),
              ('ANSWERED', (SELECT "answeredCount" FROM b)), ('FAILED', (SELECT "failedCount" FROM b)),
              ('REJECTED', (SELECT "rejectedCount" FROM b)), ('UNKNOWN', (SELECT "unknownCount" FROM b)),
              ('CANCELLED', (SELECT "cancelledCount" FROM b)), ('SUPPRESSED', (SELECT "suppressedCount" FROM b))
            ) AS k(state, n)
          )
     SELECT (SELECT sum(n) FROM kept) = (SELECT "recipientCount" FROM b)
        AND NOT EXISTS (SELECT 1 FROM kept k LEFT JOIN actual a USING (state) WHERE k.n <> COALESCE(a.n, 0)) AS ok`,
    [batchId],
  );
  return rows[0]?.ok === true;
}

/**
 * The batch and its recipients in flight, read in one snapshot. Two separate reads can pair a batch read while a
 * request was still in flight with an in-flight count read after its answer was recorded: "paused, nothing in flight"
 * with the last accepted chunk missing from the counters.
 */
export async function batchAndInFlight(id: string) {
  const [b, flying] = await db.$transaction(
    [
      db.batch.findUniqueOrThrow({ where: { id } }),
      db.dispatchChunk.aggregate({ where: { batchId: id, state: "SUBMITTING" }, _sum: { size: true } }),
    ],
    { isolationLevel: "RepeatableRead" },
  );
  return { b, flying: flying._sum.size ?? 0 };
}

/** Recipients in chunks claimed and not yet recorded (requests in flight, or orphaned by a dead worker). */
export async function inFlight(batchId: string): Promise<number> {
  const { rows } = await pool().query<{ n: string }>(
    `SELECT COALESCE(sum(size), 0) AS n FROM "DispatchChunk" WHERE "batchId" = $1 AND state = 'SUBMITTING'`,
    [batchId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Correlators the sandbox accepted more than once (a double send). */
export function duplicates(accepted: AcceptedMessage[]): string[] {
  const seen = new Set<string>();
  const dup: string[] = [];
  for (const message of accepted) {
    const key = `${String(message.correlator)}|${message.normalizedPhone}`;
    if (seen.has(key)) dup.push(key);
    seen.add(key);
  }
  return dup;
}
