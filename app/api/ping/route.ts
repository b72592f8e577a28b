// POST|GET /api/ping – answers at once, touching nothing: a liveness probe for load balancers, and the "empty route
// handler" that the receipts benchmark compares the receipt endpoint with (bench/receipts.ts).
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: true });
}

export async function POST(request: Request) {
  await request.arrayBuffer(); // read the body, as a real handler would
  return Response.json({ status: true });
}
