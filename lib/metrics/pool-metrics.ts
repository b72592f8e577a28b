// The database pools' use, per process: connections open and idle, and callers waiting for one (a pool at its share
// of DATABASE_POOL_MAX: lib/db/connection-budget.ts). Pools register here when created (lib/db/pool.ts,
// lib/db/client.ts) and are read when metrics are scraped, so a pool costs nothing more while it works.
import type pg from "pg";
import { Gauge } from "prom-client";
import { metricsRegistry } from "./registry";

const shared = globalThis as unknown as { tumaWatchedPools?: Map<string, pg.Pool>; tumaPoolGauges?: boolean };

export function watchPool(name: string, pool: pg.Pool): void {
  shared.tumaWatchedPools ??= new Map();
  shared.tumaWatchedPools.set(name, pool);
  registerPoolGauges();
}

function registerPoolGauges(): void {
  if (shared.tumaPoolGauges) return;
  shared.tumaPoolGauges = true;
  const pools = () => [...(shared.tumaWatchedPools ?? new Map<string, pg.Pool>()).entries()];
  const registers = [metricsRegistry()];
  new Gauge({
    name: "tuma_db_pool_connections",
    help: "Database connections of this process's pool: open (in use or idle) and idle.",
    labelNames: ["pool", "state"],
    registers,
    collect() {
      this.reset();
      for (const [name, pool] of pools()) {
        this.set({ pool: name, state: "open" }, pool.totalCount);
        this.set({ pool: name, state: "idle" }, pool.idleCount);
      }
    },
  });
  new Gauge({
    name: "tuma_db_pool_waiting",
    help: "Callers waiting for a connection of this process's pool (it is at its size).",
    labelNames: ["pool"],
    registers,
    collect() {
      this.reset();
      for (const [name, pool] of pools()) this.set({ pool: name }, pool.waitingCount);
    },
  });
}
