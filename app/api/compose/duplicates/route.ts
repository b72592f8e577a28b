// POST /api/compose/duplicates – the duplicate-send guard's answer for Compose (lib/batches/duplicate-guard.ts): who,
// of a saved list or of the numbers pasted, was sent this exact text within the organisation's window, so the plan
// says how many are left out — and how many of those never got it, with the earlier batch whose Resend reaches them
// (lib/batches/never-got.ts) — and the operator can download them (format "csv") before deciding to include them.
// The download is numbers leaving the console, so it is audited as every export of personal data is. At most two
// checks at once per user (429 with a sentence), as exports are (lib/fair-share/transfer-slots.ts).
import { recordAudit } from "@/lib/audit/record-audit";
import { canSend } from "@/lib/auth/permissions";
import { duplicatesQuerySchema } from "@/lib/batches/compose-schema";
import { answerDuplicates, findDuplicates } from "@/lib/batches/find-duplicates";
import { csvHeader, csvRows } from "@/lib/csv/to-csv";
import { withSlot } from "@/lib/fair-share/transfer-slots";
import { route } from "@/lib/auth/route-gate";

export const dynamic = "force-dynamic";

export const POST = route({ allowed: canSend, body: duplicatesQuerySchema }, async ({ actor, body, request }) => {
  const found = await withSlot("DUPLICATE_CHECK", actor.id, () => findDuplicates(body, request.signal));
  if (body.format === "json") return Response.json(await answerDuplicates(found));
  const csv = csvHeader(["phone", "row"]) + csvRows(found.recipients.map((r) => [r.phone, r.row ?? null]));
  await recordAudit({
    actorId: actor.id,
    action: "export.duplicates",
    targetType: "List",
    targetId: body.listId ?? null,
    detail: { rows: found.recipients.length, windowHours: found.windowHours },
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sent-recently.csv"`,
    },
  });
});
