// GET /api/lists/[id]/report?group=invalid|duplicates|opted-out – one group of an upload's report as CSV.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { canExport, EXPORT_REFUSAL } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { heldStream } from "@/lib/fair-share/held-stream";
import { route } from "@/lib/auth/route-gate";
import { uuidParam } from "@/lib/http/params";
import { getList } from "@/lib/lists/find-lists";
import { reportCsvStream, reportGroupSchema } from "@/lib/lists/report-csv";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    allowed: canExport,
    refusal: EXPORT_REFUSAL,
    params: z.object({ id: uuidParam }),
    query: z.object({ group: reportGroupSchema }),
  },
  async ({ actor, params, query }) => {
    const upload = await getList(params.id);
    if (!upload) throw new AppError("NOT_FOUND", "No such list.");
    const base =
      upload.filename
        .replace(/\.[^.]*$/, "")
        .replace(/[^\w.-]+/g, "_")
        .slice(0, 60) || "list";
    // Audited once the slot is held (two exports per user at once, lib/fair-share), before the first byte.
    const body = await heldStream("EXPORT", actor.id, async () => {
      await recordAudit({
        actorId: actor.id,
        action: "export.upload_report",
        targetType: "List",
        targetId: upload.id,
        detail: { group: query.group },
      });
      return reportCsvStream(upload.id, query.group);
    });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${base}-${query.group}.csv"`,
      },
    });
  },
);
