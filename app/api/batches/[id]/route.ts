// GET /api/batches/[id] – a batch's state and counters, polled by its page for live progress.
import { canView } from "@/lib/auth/permissions";
import { getBatch } from "@/lib/batches/get-batch";
import { withActor } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return withActor(canView, async () => {
    const batch = await getBatch((await params).id);
    if (!batch) return Response.json({ status: false, message: "No such batch." }, { status: 404 });
    return Response.json(batch);
  });
}
