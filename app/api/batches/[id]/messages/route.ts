// GET /api/batches/[id]/messages?filter=STATE|NO_RECEIPT&after=<id> – one page of a batch's recipients.
import { z } from "zod";
import { canView } from "@/lib/auth/permissions";
import { listMessages } from "@/lib/batches/list-messages";
import { withActor } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  filter: z.enum(["PENDING", "QUEUED", "DELIVERED", "ANSWERED", "FAILED", "REJECTED", "UNKNOWN", "CANCELLED", "SUPPRESSED", "NO_RECEIPT"]).nullish(),
  after: z.string().regex(/^\d{1,19}$/).nullish(),
});

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return withActor(canView, async () => {
    const url = new URL(request.url);
    const query = querySchema.safeParse({ filter: url.searchParams.get("filter") || null, after: url.searchParams.get("after") });
    if (!query.success) return Response.json({ status: false, message: "Invalid filter." }, { status: 400 });
    const page = await listMessages((await params).id, {
      filter: query.data.filter ?? null,
      after: query.data.after ?? undefined,
      noReceiptAfterHours: Number(process.env.NO_RECEIPT_AFTER_HOURS ?? 48),
    });
    return Response.json(page);
  });
}
