// One connection budget per process (DATABASE_POOL_MAX), split here among the pools that kind of process opens, so
// that however many pools a process needs, their sizes together never exceed it. Operators then size PostgreSQL with
// one sum (README, "Connections"): processes × DATABASE_POOL_MAX + a reserve ≤ max_connections. A new pool is one
// more name in POOLS and one more weight in the SPLITS of the kinds that open it (docs/scaling.md).
import { env } from "@/lib/env";

/** Every pool (or long-lived connection) Tuma opens, by name. */
export const POOLS = {
  /** Prisma's adapter pool (lib/db/client.ts). */
  prisma: "Prisma's pool",
  /** pg's pool of the set-based statements (lib/db/pool.ts: pool()). */
  bulk: "the bulk pool",
  /** pg's pool with synchronous_commit off (lib/db/pool.ts: relaxedPool()). */
  relaxed: "the relaxed pool",
  /** Sessions held for a session advisory lock across transactions (lib/db/pool.ts: lockPool()). */
  locks: "the lock-session pool",
  /** pg-boss (lib/jobs/queue.ts). */
  jobs: "the job queue's pool",
  /** The worker's identity session, held for its life (lib/dispatch/worker-identity.ts). */
  identity: "the worker identity session",
  /** The migration engine's pool (lib/db/migrator.ts). */
  migrator: "the migrator's pool",
  /** The start-up checks' single connections (lib/bootstrap/database.ts, lib/bootstrap/connection-room.ts). */
  bootstrap: "the start-up connection",
} as const;
export type PoolName = keyof typeof POOLS;

/** What a process is; `npm start`'s supervisor tells each child in TUMA_PROCESS_KIND. */
export const PROCESS_KINDS = ["web", "worker", "importer", "supervisor", "all"] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

/** A pool's part of the budget: a fixed count (a connection held for life), or a weight in what is left. */
type Share = { fixed: number } | { weight: number };

/**
 * Which pools each kind opens, and how the budget is split among them. Weights follow where each kind waits: the web
 * process mostly answers pages (Prisma) and stores batches (bulk); the worker's 48 lanes claim (bulk) and record
 * (relaxed); the importer writes lists (bulk). `all` is a process that runs everything in one (tests, benchmarks,
 * one-off scripts).
 */
const SPLITS: Record<ProcessKind, Partial<Record<PoolName, Share>>> = {
  web: {
    prisma: { weight: 4 },
    bulk: { weight: 3 },
    relaxed: { weight: 1 },
    locks: { weight: 1 },
    jobs: { weight: 1 },
  },
  // No Prisma in the worker or the importer: their statements are all plain SQL, and a Prisma client would carry its
  // query compiler (about 30 MB) in the process for nothing (BENCHMARKS.md, idle memory). A Prisma query there fails
  // at once, naming this table (poolSize), rather than growing the process quietly.
  worker: {
    identity: { fixed: 1 },
    bulk: { weight: 3 },
    relaxed: { weight: 3 },
    jobs: { weight: 2 },
  },
  importer: { bulk: { weight: 4 }, relaxed: { weight: 2 }, jobs: { weight: 1 } },
  supervisor: { migrator: { fixed: 2 }, bootstrap: { fixed: 1 }, prisma: { weight: 1 }, bulk: { weight: 1 } },
  all: {
    identity: { fixed: 1 },
    bulk: { weight: 3 },
    relaxed: { weight: 2 },
    prisma: { weight: 2 },
    locks: { weight: 1 },
    jobs: { weight: 1 },
  },
};

/** The smallest budget a kind can run with: its fixed connections plus one for each weighted pool. */
export function minimumBudget(kind: ProcessKind): number {
  return Object.values(SPLITS[kind]).reduce((sum, share) => sum + ("fixed" in share ? share.fixed : 1), 0);
}

/**
 * Each pool's size for a kind and a budget. Fixed shares first; the rest by weight (rounded down, at least 1), what
 * rounding leaves going to the heaviest pools first. The sizes always sum to exactly `budget`.
 */
export function splitBudget(kind: ProcessKind, budget: number): Partial<Record<PoolName, number>> {
  const entries = Object.entries(SPLITS[kind]) as [PoolName, Share][];
  const minimum = minimumBudget(kind);
  if (budget < minimum)
    throw new Error(
      `DATABASE_POOL_MAX is ${budget}, but a ${kind} process needs at least ${minimum} connections (one per pool it opens).`,
    );
  const sizes: Partial<Record<PoolName, number>> = {};
  let left = budget;
  let totalWeight = 0;
  for (const [name, share] of entries) {
    if ("fixed" in share) {
      sizes[name] = share.fixed;
      left -= share.fixed;
    } else totalWeight += share.weight;
  }
  const weighted = entries
    .filter((entry): entry is [PoolName, { weight: number }] => "weight" in entry[1])
    .sort((a, b) => b[1].weight - a[1].weight);
  const forWeights = left;
  for (const [name, share] of weighted) {
    const size = Math.max(1, Math.floor((forWeights * share.weight) / totalWeight));
    sizes[name] = size;
    left -= size;
  }
  // At least 1 each can overshoot by a little when the budget is near the minimum; take it back from the heaviest.
  for (let i = 0; left < 0; i = (i + 1) % weighted.length) {
    const name = weighted[i]![0];
    if (sizes[name]! > 1) {
      sizes[name]!--;
      left++;
    }
  }
  for (let i = 0; left > 0; i = (i + 1) % weighted.length) {
    sizes[weighted[i]![0]]!++;
    left--;
  }
  return sizes;
}

/** This process's kind: TUMA_PROCESS_KIND, set by each program (programs/*.ts) and by the supervisor. */
export function processKind(): ProcessKind {
  const kind = process.env.TUMA_PROCESS_KIND;
  if (!kind) return "all";
  if (!(PROCESS_KINDS as readonly string[]).includes(kind))
    throw new Error(`TUMA_PROCESS_KIND is "${kind}"; it must be one of ${PROCESS_KINDS.join(", ")}.`);
  return kind as ProcessKind;
}

/** The size of `pool` in this process: its share of DATABASE_POOL_MAX. */
export function poolSize(pool: PoolName): number {
  const kind = processKind();
  const size = splitBudget(kind, env().DATABASE_POOL_MAX)[pool];
  if (size === undefined)
    throw new Error(
      `A ${kind} process has no share of the connection budget for ${POOLS[pool]}: add it to SPLITS in lib/db/connection-budget.ts.`,
    );
  return size;
}
