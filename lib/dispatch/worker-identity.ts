// A worker's identity is a key it holds as a PostgreSQL session advisory lock for as long as it lives. Messages it
// claims carry the key; when the process dies (even by kill -9) its connection closes, PostgreSQL releases the lock,
// and any other worker can tell — precisely and at once — that those claims are orphans.
import "server-only";
import { randomInt } from "node:crypto";
import pg from "pg";
import { ADVISORY_LOCKS } from "@/lib/db/advisory-locks";
import { databaseUrl } from "@/lib/db/url";
import { logger } from "@/lib/log";

/** First key of the two-key advisory lock form: "Tuma workers". */
export const WORKER_LOCK_SPACE = ADVISORY_LOCKS.WORKER;

export type WorkerIdentity = {
  key: number;
  /** The session holding the lock; also used to probe other workers' locks. */
  session: pg.Client;
  release: () => Promise<void>;
};

export async function acquireWorkerIdentity(): Promise<WorkerIdentity> {
  const session = new pg.Client({ connectionString: databaseUrl(), application_name: "tuma-worker" });
  // Losing this session means losing the identity: other workers will (rightly) treat our claims as orphans.
  session.on("error", (error) => logger().error({ err: error }, "worker identity session lost"));
  await session.connect();
  for (;;) {
    const key = randomInt(1, 2 ** 31 - 1);
    const { rows } = await session.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [
      WORKER_LOCK_SPACE,
      key,
    ]);
    if (rows[0]?.ok) return { key, session, release: () => session.end() };
  }
}

/**
 * Runs `work` if no live session holds `key` (its worker is gone), holding the key meanwhile so that no new worker
 * can take it up half-way. Returns whether it ran. Never call it with your own key (the lock is re-entrant).
 */
export async function ifWorkerGone(session: pg.Client, key: number, work: () => Promise<void>): Promise<boolean> {
  const { rows } = await session.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [
    WORKER_LOCK_SPACE,
    key,
  ]);
  if (!rows[0]?.ok) return false;
  try {
    await work();
  } finally {
    await session.query("SELECT pg_advisory_unlock($1, $2)", [WORKER_LOCK_SPACE, key]);
  }
  return true;
}
