// GET /api/batches/[id]/export?filter= – the batch's delivery report as CSV, streamed page by page (a million rows
// never sit in memory at once).
import { canView } from "@/lib/auth/permissions";
import { csvLine } from "@/lib/batches/csv";
import { getBatch } from "@/lib/batches/get-batch";
import { listMessages, type MessageFilter } from "@/lib/batches/list-messages";
import { withActor } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

const FILTERS = new Set(["PENDING", "QUEUED", "DELIVERED", "ANSWERED", "FAILED", "REJECTED", "UNKNOWN", "CANCELLED", "SUPPRESSED", "NO_RECEIPT"]);

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return withActor(canView, async () => {
    const batch = await getBatch((await params).id);
    if (!batch) return Response.json({ status: false, message: "No such batch." }, { status: 404 });
    const raw = new URL(request.url).searchParams.get("filter");
    const filter = (raw && FILTERS.has(raw) ? raw : null) as MessageFilter;
    const hours = Number(process.env.NO_RECEIPT_AFTER_HOURS ?? 48);
    const encoder = new TextEncoder();
    let after: string | undefined;
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvLine(["phone", "state", "delivery_status", "correlator", "provider_unique_id", "operator", "sms_units", "sent_at", "receipt_time", "error"])));
        }
        const page = await listMessages(batch.id, { filter, after, limit: 1000, noReceiptAfterHours: hours });
        const text = page.rows
          .map((m) => csvLine([m.phone, m.state, m.deliveryStatus, m.id, m.providerUniqueId, m.operator, m.smsUnits, m.submittedAt?.toISOString(), m.receiptAt?.toISOString(), m.lastError]))
          .join("");
        if (text) controller.enqueue(encoder.encode(text));
        if (!page.next) controller.close();
        else after = page.next;
      },
    });
    const name = batch.name.replace(/[^\w.-]+/g, "_").slice(0, 60) || "batch";
    return new Response(stream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}-${filter?.toLowerCase() ?? "all"}.csv"`,
      },
    });
  });
}
