// Is this web process able to serve? What GET /api/health answers load balancers and the start-up check
// (app/api/health/route.ts): the database's state, by one trivial query through the app's own client, timed.
import "server-only";
import { db } from "@/lib/db/client";

export type Health =
  { status: "ok"; database: "ok"; latencyMs: number } | { status: "degraded"; database: "unreachable" };

export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
    return { status: "ok", database: "ok", latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: "degraded", database: "unreachable" };
  }
}
