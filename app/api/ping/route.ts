// POST|GET /api/ping – answers at once, touching nothing: a liveness probe for load balancers, and the "empty route
// handler" that the receipts benchmark compares the receipt endpoint with (bench/receipts.ts).
// Outside proxy.ts like the receipt route, so that the two are compared on the same footing.
import { withApiSecurityHeaders } from "@/lib/http/security-headers";

export const dynamic = "force-dynamic";

export function GET() {
  return withApiSecurityHeaders(Response.json({ status: true }));
}

export async function POST(request: Request) {
  // Read the body, as a real handler would (the web server cuts it at 1 KiB); one that never arrives whole is
  // simply not read.
  await request.arrayBuffer().catch(() => null);
  return withApiSecurityHeaders(Response.json({ status: true }));
}
