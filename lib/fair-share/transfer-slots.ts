// A fair share of the server for each user and for the process. An upload is read, and an export written, at the
// pace of the client — a slow link, or one on purpose — so each is a slot: at most two uploads and two exports per
// user at once across every process (more: 429), and a cap of each kind in one process (more: 503).
//
// The process caps bound what a transfer actually costs while its client dawdles, not the number of idle sockets:
// - An upload (taken in the importer, lib/lists/import-list.ts) that trickles holds two loopback sockets, a
//   TransferSlot row, its parser's unfinished row, a 1 MiB COPY buffer and a de-duplication table that grows with
//   the rows read — a few MB — and no database connection (a slice of 25,000 rows takes one for its COPY and gives
//   it back; lib/lists/list-writer.ts). What is scarce is the importer's core and the database, and those
//   are spent only by bytes that actually arrive. So the cap is 32: sixteen slow uploads (eight people, two each,
//   the hostile probe of programs/hostile-probe.test.ts) leave room for everyone else's normal upload, where a cap
//   of 8 had the ninth person's 20 KB list refused with 503. Even 32 full-speed uploads stay bounded: each holds
//   at most two slices, and the pools (16 connections, an acquisition timeout) pace their COPYs.
// - An export holds a page of rows between the client's reads and queries a page per read with a connection taken
//   and given back per page (lib/batches/pages-ahead.ts); an XLSX also holds its zip writer. Exports are made by
//   the web process, whose event loop also answers the log-in page: 8.
//
// The per-user count lives in PostgreSQL, the one thing web processes share: a row of TransferSlot per slot, claimed
// under an advisory lock on (user, kind) so two requests arriving together cannot both take the last slot, and
// beaten every 15 s by the process that holds it, so that a process that dies frees its slots a minute later. A
// table rather than the Upload rows in STORING: an Upload row is written only once the first rows of the file have
// decided its columns (a slow client holds none before that), and an export has no row of its own. A table rather
// than session advisory locks: those would hold a database connection for as long as the client likes.
//
// Compose's planner and its duplicate-send check take slots too (withSlot, in their routes): each reads a whole
// saved list, or compares up to 100,000 numbers, in the web process, and a user firing them by the hundred (a script,
// not Compose, which asks once typing pauses and aborts what newer text overtakes) would take the process's event
// loop and connections from everyone. Two of each per user, sixteen of each per process.
import "server-only";
import { randomUUID } from "node:crypto";
import { ADVISORY_LOCKS } from "@/lib/db/advisory-locks";
import { pool } from "@/lib/db/pool";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/log";

export type TransferKind = "UPLOAD" | "EXPORT" | "PLAN" | "DUPLICATE_CHECK";
export type Slot = { readonly id: string; release: () => Promise<void> };

export const SLOTS_PER_USER = 2;
export const SLOTS_PER_PROCESS: Record<TransferKind, number> = { UPLOAD: 32, EXPORT: 8, PLAN: 16, DUPLICATE_CHECK: 16 };
const HEARTBEAT_MS = 15_000;
/** Four missed heartbeats: the holder is gone. */
const STALE_SECONDS = 60;

export const SLOT_REFUSALS: Record<TransferKind, { user: string; process: string }> = {
  UPLOAD: {
    user: `You already have ${SLOTS_PER_USER} uploads in progress. Wait for one to finish, then upload this file.`,
    process: `The server is reading ${SLOTS_PER_PROCESS.UPLOAD} uploads at once. Try again in a minute.`,
  },
  EXPORT: {
    user: `You already have ${SLOTS_PER_USER} exports downloading. Wait for one to finish, then export again.`,
    process: `The server is writing ${SLOTS_PER_PROCESS.EXPORT} exports at once. Try again in a minute.`,
  },
  PLAN: {
    user: `Compose is already counting ${SLOTS_PER_USER} plans for you. Wait for one to finish, then try again.`,
    process: `The server is counting ${SLOTS_PER_PROCESS.PLAN} plans at once. Try again in a minute.`,
  },
  DUPLICATE_CHECK: {
    user: `Compose is already running ${SLOTS_PER_USER} duplicate-send checks for you. Wait for one to finish, then try again.`,
    process: `The server is running ${SLOTS_PER_PROCESS.DUPLICATE_CHECK} duplicate-send checks at once. Try again in a minute.`,
  },
};

type ProcessSlots = {
  held: Map<string, TransferKind>;
  counts: Record<TransferKind, number>;
  timer?: NodeJS.Timeout | undefined;
};
// One record per process: route bundles may each load this module, and the cap is the process's.
const globalForSlots = globalThis as unknown as { tumaTransferSlots?: ProcessSlots };
const local: ProcessSlots = (globalForSlots.tumaTransferSlots ??= {
  held: new Map(),
  counts: { UPLOAD: 0, EXPORT: 0, PLAN: 0, DUPLICATE_CHECK: 0 },
});

/** Takes a slot of `kind` for the user, or refuses with the sentence they read (429 for theirs, 503 for the process). */
export async function takeSlot(kind: TransferKind, userId: string): Promise<Slot> {
  if (local.counts[kind] >= SLOTS_PER_PROCESS[kind]) throw new AppError("BUSY", SLOT_REFUSALS[kind].process);
  // Counted before the first await, so that requests arriving together see each other.
  local.counts[kind]++;
  const id = randomUUID();
  try {
    if (!(await claim(kind, userId, id))) throw new AppError("TOO_MANY", SLOT_REFUSALS[kind].user);
  } catch (error) {
    local.counts[kind]--;
    throw error;
  }
  local.held.set(id, kind);
  local.timer ??= setInterval(() => void beatTransferSlots(), HEARTBEAT_MS).unref();
  let released = false;
  return {
    id,
    release: async () => {
      if (released) return;
      released = true;
      local.held.delete(id);
      local.counts[kind]--;
      if (local.held.size === 0 && local.timer) {
        clearInterval(local.timer);
        local.timer = undefined;
      }
      await pool()
        .query(`DELETE FROM "TransferSlot" WHERE id = $1`, [id])
        .catch((error: unknown) => logger().warn({ err: error, slot: id }, "transfer slot not released"));
    },
  };
}

/** Runs `work` holding a slot of `kind` for the user (refused as takeSlot refuses), released however it ends. */
export async function withSlot<T>(kind: TransferKind, userId: string, work: () => Promise<T>): Promise<T> {
  const slot = await takeSlot(kind, userId);
  try {
    return await work();
  } finally {
    await slot.release();
  }
}

async function claim(kind: TransferKind, userId: string, id: string): Promise<boolean> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
      ADVISORY_LOCKS.TRANSFER_SLOT,
      `${userId}:${kind}`,
    ]);
    // Counted after the lock, in a statement of its own: it sees every slot claimed before the lock was granted.
    const { rowCount } = await client.query(
      `WITH stale AS (
         DELETE FROM "TransferSlot"
         WHERE "userId" = $3 AND kind = $2::"TransferKind" AND "heartbeatAt" < now() - make_interval(secs => $5)
       )
       INSERT INTO "TransferSlot" (id, kind, "userId")
       SELECT $1, $2::"TransferKind", $3
       WHERE (SELECT count(*) FROM "TransferSlot"
              WHERE "userId" = $3 AND kind = $2::"TransferKind" AND "heartbeatAt" >= now() - make_interval(secs => $5)) < $4`,
      [id, kind, userId, SLOTS_PER_USER, STALE_SECONDS],
    );
    await client.query("COMMIT");
    return rowCount === 1;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Tells the other processes that this one's slots are still in use (every 15 s while it holds any). */
export async function beatTransferSlots(): Promise<void> {
  const ids = [...local.held.keys()];
  if (ids.length === 0) return;
  await pool()
    .query(`UPDATE "TransferSlot" SET "heartbeatAt" = now() WHERE id = ANY($1::uuid[])`, [ids])
    .catch((error: unknown) => logger().warn({ err: error }, "transfer slot heartbeat failed"));
}
