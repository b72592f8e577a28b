// A statement's plan as EXPLAIN gives it, for the tests that a statement reads what it should (an index, only some
// partitions, a bounded number of rows): as its text, or as the nodes of its JSON tree.
import type pg from "pg";
import { pool } from "@/lib/db/pool";

/** The pool, or a client of it (a test's own transaction or session settings). */
type Session = Pick<pg.PoolClient, "query">;

/** The plan of `sql` (which may open with EXPLAIN's options in parentheses) as its text. */
export async function planText(sql: string, values: unknown[] = [], on: Session = pool()): Promise<string> {
  const { rows } = await on.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, values);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

export type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** EXPLAIN's options for a plan that is run: what each node actually did, without costs or timings. */
export const RUN = "ANALYZE, COSTS OFF, TIMING OFF";

/** Every node of the plan of `sql` with EXPLAIN's `options`, the root first. */
export async function planNodes(options: string, sql: string, values: unknown[], on: Session = pool()) {
  const { rows } = await on.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
    `EXPLAIN (${options}, FORMAT JSON) ${sql}`,
    values,
  );
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(rows[0]!["QUERY PLAN"][0]!.Plan);
  return nodes;
}
