// What one message costs PostgreSQL end to end (issue 18.4): 100,000 SMS stored by "create batch", claimed and sent
// by the worker to the sandbox (its answers recorded), then one delivery receipt each stored (100 per call, as the
// provider's array callbacks) and applied. Measured over the whole run on the benchmark's own cluster:
//   - server CPU: user + system time of every PostgreSQL process of the cluster from /proc (the postmaster's
//     children that have exited are in its cutime/cstime), so background writer, checkpointer, WAL writer and
//     autovacuum count too;
//   - statement time: pg_stat_statements' planning + execution time (wall time inside the executor: CPU and waits);
//   - WAL bytes: the distance the WAL insert position moved (exact, unlike pg_stat_wal which backends flush lazily);
//     pg_stat_wal gives the record and full-page-image counts;
//   - the top statements by total time, with their calls and WAL.
// Figures are per 1,000 messages. The cluster runs with shared_preload_libraries=pg_stat_statements (the embedded
// binaries ship the extension).
// Run: npx tsx --conditions=react-server bench/message-cost.ts   (BENCH_COST_MESSAGES=100000; or
// BENCH_ONLY=cost npm run bench)
import { fmt, keepPastWeeks, seedAccount, smsBatch, withBenchEnv } from "./bench-env";
import { allPids, statOf } from "./proc";
import { firstRow, numberOf, rowsOf } from "./query";
import { runAlone } from "./run-alone";
import { applyAll, receiptRow, sendAll, sentMessages, storeAll } from "./sent-messages";
import type { BenchResult } from "./types";

const MESSAGES = Number(process.env.BENCH_COST_MESSAGES ?? 100_000);
const RECEIPTS_PER_CALL = 100;
const CONCURRENT_CALLS = 32;
/** BENCH_COST_TOP statements are listed; BENCH_COST_TRACK=all counts the statements inside triggers and functions too. */
const TOP = Number(process.env.BENCH_COST_TOP ?? 8);
const TRACK = process.env.BENCH_COST_TRACK === "all" ? "all" : "top";
/** BENCH_COST_PAST_WEEKS=57: the same run with a year's partitions kept (bench-env.ts keepPastWeeks). */
const PAST_WEEKS = Number(process.env.BENCH_COST_PAST_WEEKS ?? 0);
/** Linux clock ticks per second (USER_HZ): 100 on every mainstream kernel. */
const TICKS = 100;

type Snapshot = { cpuMs: number; walLsn: string; at: number };

export async function benchMessageCost(): Promise<BenchResult> {
  return withBenchEnv(
    async (env) => {
      const { pool } = await import("../lib/db/pool");
      const ids = await seedAccount(env);
      await keepPastWeeks(PAST_WEEKS);
      await pool().query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      const postmaster = statOf(await numberOf("SELECT pg_backend_pid() AS n"))!(4); // our backend's parent
      const snapshot = async (): Promise<Snapshot> => {
        const { lsn } = await firstRow<{ lsn: string }>("SELECT pg_current_wal_insert_lsn()::text AS lsn");
        return { cpuMs: clusterCpuMs(postmaster), walLsn: lsn, at: performance.now() };
      };
      const batch = smsBatch(ids, "message cost", MESSAGES);
      await pool().query("CHECKPOINT");
      await pool().query("SELECT pg_stat_statements_reset(), pg_stat_reset_shared('wal'), pg_stat_reset()");
      const start = await snapshot();

      // Store, claim, send, record: the worker in this process, as in `npm start`.
      await sendAll(batch);
      const sent = await snapshot();

      // Receipts: one per message, stored 100 per call, then applied until none is left.
      const receiptAt = new Date();
      const rows = (await sentMessages()).map((m) => {
        const row = receiptRow(ids.accountId, m, receiptAt);
        const { deliveryTime } = row;
        return {
          ...row,
          raw: JSON.stringify({ phone: m.phone, correlator: m.id, uniqueId: m.uniqueId, deliveryTime }),
        };
      });
      await storeAll(rows, RECEIPTS_PER_CALL, CONCURRENT_CALLS);
      const stored = await snapshot();
      await applyAll();
      const end = await snapshot();
      const delivered = await numberOf(`SELECT count(*)::int AS n FROM "Message" WHERE state = 'DELIVERED'`);
      if (delivered !== MESSAGES) throw new Error(`only ${delivered} of ${MESSAGES} delivered`);

      // Statistics reach the shared views within a second of a backend going idle.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const totals = await firstRow<{ ms: number; calls: string; fpi: string; records: string }>(
        `SELECT (SELECT sum(total_exec_time + total_plan_time) FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%') AS ms,
              (SELECT sum(calls) FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%')::text AS calls,
              (SELECT wal_fpi FROM pg_stat_wal)::text AS fpi, (SELECT wal_records FROM pg_stat_wal)::text AS records`,
      );
      const top = await rowsOf<{ query: string; calls: string; ms: number; wal: string; rows: string }>(
        `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::text, total_exec_time + total_plan_time AS ms,
              wal_bytes::text AS wal, rows::text
       FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%' ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`,
        [TOP],
      );
      const hot = await rowsOf<{ relname: string; upd: string; hot: string }>(
        // Summed over the partitions of each table (the partitioned parent itself counts nothing).
        `SELECT COALESCE(p.relname, s.relname) AS relname, sum(s.n_tup_upd)::text AS upd, sum(s.n_tup_hot_upd)::text AS hot
       FROM pg_stat_user_tables s
       LEFT JOIN pg_inherits i ON i.inhrelid = s.relid LEFT JOIN pg_class p ON p.oid = i.inhparent
       WHERE COALESCE(p.relname, s.relname) IN ('Message', 'Receipt') GROUP BY 1 ORDER BY 1`,
      );
      const walBytes = (from: string, to: string) => numberOf("SELECT pg_wal_lsn_diff($2, $1)::text AS n", [from, to]);
      const per1k = MESSAGES / 1_000;
      const wal = await walBytes(start.walLsn, end.walLsn);
      const phase = async (a: Snapshot, b: Snapshot) =>
        `${fmt((b.at - a.at) / 1000, 1)} s, CPU ${fmt((b.cpuMs - a.cpuMs) / per1k, 1)} ms, WAL ${fmt((await walBytes(a.walLsn, b.walLsn)) / per1k / 1024, 1)} kB per 1,000`;
      const figures: BenchResult["figures"] = {
        messages: fmt(MESSAGES),
        "PostgreSQL CPU per 1,000 messages (ms, /proc, all server processes)": fmt(
          (end.cpuMs - start.cpuMs) / per1k,
          1,
        ),
        "statement time per 1,000 messages (ms, pg_stat_statements)": fmt(totals.ms / per1k, 1),
        "WAL per 1,000 messages (kB)": fmt(wal / per1k / 1024, 1),
        "WAL records / full-page images per 1,000": `${fmt(Number(totals.records) / per1k)} / ${fmt(Number(totals.fpi) / per1k)}`,
        "statements executed per 1,000": fmt(Number(totals.calls) / per1k),
        "updates in place (HOT)": hot
          .map(
            (t) => `${t.relname} ${fmt((100 * Number(t.hot)) / Math.max(1, Number(t.upd)))} % of ${fmt(Number(t.upd))}`,
          )
          .join(", "),
        "store + claim + send + record": await phase(start, sent),
        "receipt store": await phase(sent, stored),
        "receipt apply": await phase(stored, end),
      };
      top.forEach((s, i) => {
        figures[`top ${i + 1}: ${s.query.slice(0, 110)}`] =
          `${fmt(s.ms)} ms, ${fmt(Number(s.calls))} calls, ${fmt(Number(s.rows))} rows, WAL ${fmt(Number(s.wal) / 1048576, 1)} MB`;
      });
      const weeks = PAST_WEEKS ? `, ${PAST_WEEKS} past weeks' partitions` : "";
      return { name: `PostgreSQL cost of a message (${fmt(MESSAGES)} end to end${weeks})`, figures };
    },
    { postgresFlags: ["-c", "shared_preload_libraries=pg_stat_statements", "-c", `pg_stat_statements.track=${TRACK}`] },
  );
}

/** CPU of the postmaster (utime, stime), its reaped children (cutime, cstime), and its live children (backends and
 * background processes), in ms. */
function clusterCpuMs(postmaster: number): number {
  const own = statOf(postmaster);
  if (!own) throw new Error(`PostgreSQL's postmaster ${postmaster} is gone`);
  let ticks = own(14) + own(15) + own(16) + own(17);
  for (const pid of allPids()) {
    const stat = statOf(pid);
    if (stat?.(4) === postmaster) ticks += stat(14) + stat(15);
  }
  return (ticks * 1000) / TICKS;
}

runAlone(import.meta.url, benchMessageCost);
