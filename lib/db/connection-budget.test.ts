// The pools of a process share one budget: for every kind of process and every budget, the sizes sum to exactly
// DATABASE_POOL_MAX and each pool gets at least one connection.
import { expect, test } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";
import { minimumBudget, poolSize, PROCESS_KINDS, splitBudget } from "./connection-budget";

const sum = (sizes: Partial<Record<string, number>>) => Object.values(sizes).reduce((a, b) => a! + b!, 0);

test("every kind, every budget from its minimum to 1,000: the pools sum to the budget, none empty", () => {
  for (const kind of PROCESS_KINDS) {
    for (let budget = minimumBudget(kind); budget <= 1000; budget++) {
      const sizes = splitBudget(kind, budget);
      expect(sum(sizes), `${kind} at ${budget}`).toBe(budget);
      expect(Math.min(...Object.values(sizes).map(Number)), `${kind} at ${budget}`).toBeGreaterThanOrEqual(1);
    }
  }
});

test("the default budget of 10, split per kind (where each waits most gets most)", () => {
  expect(splitBudget("web", 10)).toEqual({ prisma: 4, bulk: 3, relaxed: 1, locks: 1, jobs: 1 });
  expect(splitBudget("worker", 10)).toEqual({ identity: 1, bulk: 4, relaxed: 3, jobs: 2 });
  expect(splitBudget("importer", 10)).toEqual({ bulk: 6, relaxed: 3, jobs: 1 });
  expect(splitBudget("supervisor", 10)).toEqual({ migrator: 2, bootstrap: 1, prisma: 4, bulk: 3 });
  // Before: Prisma 10 + bulk 16 + relaxed 16 + pg-boss 4 = 46 in every process.
  expect(parseEnv({ NODE_ENV: "test" }).DATABASE_POOL_MAX).toBe(10);
});

test("a budget below what a kind needs is refused with a sentence", () => {
  expect(() => splitBudget("all", 5)).toThrow(
    "DATABASE_POOL_MAX is 5, but a all process needs at least 6 connections (one per pool it opens).",
  );
  expect(() => parseEnv({ NODE_ENV: "test", DATABASE_POOL_MAX: "3" })).toThrow(EnvError);
  expect(() => parseEnv({ NODE_ENV: "test", DATABASE_POOL_MAX: "3" })).toThrow(/DATABASE_POOL_MAX is invalid/);
});

test("a worker or an importer has no Prisma pool: asking for one fails at once, naming the table to change", () => {
  const before = process.env.TUMA_PROCESS_KIND;
  try {
    for (const kind of ["worker", "importer"]) {
      process.env.TUMA_PROCESS_KIND = kind;
      expect(() => poolSize("prisma")).toThrow(
        `A ${kind} process has no share of the connection budget for Prisma's pool: add it to SPLITS in lib/db/connection-budget.ts.`,
      );
      expect(poolSize("bulk")).toBeGreaterThan(0);
    }
  } finally {
    process.env.TUMA_PROCESS_KIND = before;
    if (before === undefined) delete process.env.TUMA_PROCESS_KIND;
  }
});
