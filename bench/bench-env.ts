// Shared set-up for benchmarks: a throw-away embedded PostgreSQL with a migrated database, the sandbox provider in
// its own process (so it has a core of its own, as beside a real deployment), and a provider account pointing at it.
// `stop` is the whole teardown: what the benchmark gave `atStop` (its console, sink, files), this process's connections
// closed (and forgotten), the sandbox and the cluster stopped.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cloneTemplate, DURABLE, startTestCluster } from "../test/test-cluster";

export type BenchEnv = {
  databaseUrl: string;
  sandboxUrl: string;
  sandboxOrigin: string;
  token: string;
  /** `stop` is run when the env stops, before the database: the last one given first. */
  atStop: (stop: () => unknown) => void;
  stop: () => Promise<void>;
};

/**
 * The database alone: a throw-away cluster, durable like a production database (the test suite's clusters turn fsync
 * off: test/test-cluster.ts), with a migrated database `name` that this process's DATABASE_URL names.
 * `postgresFlags`: more server settings for this benchmark's cluster (`-c name=value` pairs).
 */
export async function startBenchDatabase(
  name = "tuma_bench",
  postgresFlags: string[] = [],
): Promise<{ databaseUrl: string; stop: () => Promise<void> }> {
  const cluster = await startTestCluster([...DURABLE, ...postgresFlags]);
  const databaseUrl = await cloneTemplate(cluster.serverUrl, name);
  process.env.DATABASE_URL = databaseUrl;
  process.env.TUMA_ENCRYPTION_KEY ??= randomBytes(32).toString("base64");
  return { databaseUrl, stop: () => cluster.stop() };
}

export async function startBenchEnv(sandboxArgs: string[] = [], postgresFlags: string[] = []): Promise<BenchEnv> {
  const { databaseUrl, stop } = await startBenchDatabase("tuma_bench", postgresFlags);
  const token = `bench-${randomBytes(8).toString("hex")}`;
  const sandbox = await spawnSandbox(token, sandboxArgs);
  const stops: (() => unknown)[] = [];
  return {
    databaseUrl,
    sandboxUrl: sandbox.url,
    sandboxOrigin: new URL(sandbox.url).origin,
    token,
    atStop: (stop) => stops.push(stop),
    stop: async () => {
      try {
        for (const stopOne of stops.splice(0).reverse()) await stopOne();
      } finally {
        await forgetDatabase();
        sandbox.child.kill("SIGTERM");
        await stop();
      }
    },
  };
}

/** A scratch directory of the benchmark `name`'s, removed when the env stops. */
export function scratchDir(env: BenchEnv, name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tuma-bench-${name}-`));
  env.atStop(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A benchmark's life in its own bench env: `run` with it, then everything stopped, whether it finished or threw. The
 * sandbox sends no receipts unless `sandboxArgs` says otherwise.
 */
export async function withBenchEnv<T>(
  run: (env: BenchEnv) => Promise<T>,
  { sandboxArgs = ["--no-receipts"], postgresFlags = [] }: { sandboxArgs?: string[]; postgresFlags?: string[] } = {},
): Promise<T> {
  const env = await startBenchEnv(sandboxArgs, postgresFlags);
  try {
    return await run(env);
  } finally {
    await env.stop();
  }
}

/** The sandbox provider in its own process (`sandbox/cli.ts`), accepting `token`. */
export async function spawnSandbox(
  token: string,
  args: string[],
): Promise<{ url: string; origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("sandbox", "cli.ts"), "--port", "0", ...args], {
    env: { ...process.env, SANDBOX_TOKEN: token },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening: (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  child.stdout?.resume();
  return { url, origin: new URL(url).origin, child };
}

/** The sandbox's own `/__sandbox/<what>` answer (its counters, its request log), asked with the env's token. */
export async function sandboxGet<T>(env: BenchEnv, what: string): Promise<T> {
  const headers = { Authorization: `Bearer ${env.token}` };
  return (await (await fetch(`${env.sandboxOrigin}/__sandbox/${what}`, { headers })).json()) as T;
}

/** The sandbox's request log (kept up to 200,000 requests; `evicted` counts those it dropped). */
export const sandboxLog = (env: BenchEnv) =>
  sandboxGet<{ evicted: number; requests: { at: number; status: number | null; messages: number }[] }>(env, "requests");

/** Creates the provider account (token sealed with this process's key) and an author; returns their ids. */
export async function seedAccount(env: BenchEnv, receiptSecret = randomBytes(12).toString("hex")) {
  const { db } = await import("../lib/db/client");
  const { sealAccountToken } = await import("../lib/accounts/account-token");
  const id = randomUUID();
  const account = await db.providerAccount.create({
    data: {
      id,
      name: "Bench sandbox",
      baseUrl: env.sandboxUrl,
      tokenCiphertext: sealAccountToken(env.token, id),
      tokenLast4: env.token.slice(-4),
      defaultSender: "TUMA",
      defaultOriginator: "254700000000",
      receiptSecret,
      isDefault: true,
    },
    select: { id: true },
  });
  const user = await db.user.create({
    data: { email: "bench@tuma.local", name: "Bench", role: "OPERATOR", passwordHash: "x" },
    select: { id: true },
  });
  return { accountId: account.id, userId: user.id, receiptSecret };
}

/** The seeded account allowed sender TUMA (as POST /api/v1/batches requires), and an API key of its author's. */
export async function apiKeyAccount(env: BenchEnv, scopes: ("send" | "read")[]) {
  const ids = await seedAccount(env);
  const { db } = await import("../lib/db/client");
  await db.providerAccount.update({ where: { id: ids.accountId }, data: { senders: ["TUMA"] } });
  const { createApiKey } = await import("../lib/api-keys/create-api-key");
  return { ...ids, key: (await createApiKey(ids.userId, { name: "bench", scopes }, ids.userId)).key };
}

/**
 * Partitions of `weeks` past weeks (empty) beside this week's and the four ahead, as a database has them after a
 * year's retention, so that a statement which cannot leave them out when it is planned shows what that costs.
 */
export async function keepPastWeeks(weeks: number): Promise<void> {
  if (weeks <= 0) return;
  const { pool } = await import("../lib/db/pool");
  // The fresh database's legacy partitions hold every id below this week: dropped (empty) to make room for weeks.
  await pool().query(`DROP TABLE "Message_legacy", "Receipt_legacy"`);
  await pool().query(`SELECT tuma_create_partitions(tuma_week_number(now()) - $1, tuma_week_number(now()) - 1)`, [
    weeks,
  ]);
}

/**
 * Each benchmark starts its own PostgreSQL, but the Prisma client and the job queue (lib/jobs/queue.ts) are
 * process-wide singletons created on first use with the DATABASE_URL of that moment: forget them (and the pools)
 * between benchmarks so the next one connects to its own database rather than to the stopped one. A queue kept from
 * an earlier benchmark never installed its schema in the next database: createBatch's enqueueBatchStart then failed
 * there with `relation "pgboss.job" does not exist` (receipts after storing in one `npm run bench`).
 */
export async function forgetDatabase(): Promise<void> {
  const { stopBoss } = await import("../lib/jobs/queue");
  await stopBoss();
  const { closePool } = await import("../lib/db/pool");
  await closePool();
  const holder = globalThis as unknown as { tumaPrisma?: { $disconnect: () => Promise<void> } };
  await holder.tumaPrisma?.$disconnect().catch(() => {});
  holder.tumaPrisma = undefined;
}

/** `n` recipients' numbers, 254710000000 on, as the send benchmarks all address them. */
export const benchPhones = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `2547${String(10_000_000 + i).slice(-8)}`);

/** createBatch's input: one SMS from TUMA to `n` recipients (benchPhones), sent now, by the seeded author. */
export function smsBatch(
  { accountId, userId }: { accountId: string; userId: string },
  name: string,
  n: number,
  templateText = "Habari! Your order has shipped.",
) {
  const recipients = benchPhones(n).map((phone) => ({ phone }));
  return { kind: "SMS" as const, accountId, authorId: userId, name, templateText, sender: "TUMA", recipients };
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
