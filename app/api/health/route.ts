// GET /api/health – liveness and database status, for load balancers and the start-up check. No auth, no secrets.
import { db } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
    return Response.json({ status: "ok", database: "ok", latencyMs: Math.round(performance.now() - started) });
  } catch {
    return Response.json({ status: "degraded", database: "unreachable" }, { status: 503 });
  }
}
