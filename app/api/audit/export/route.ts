// GET /api/audit/export?actor&action&from&to – the audit log as CSV, filtered as on the Audit page (admins).
import { canManageUsers } from "@/lib/auth/permissions";
import { auditStream } from "@/lib/audit/export-audit";
import { recordAudit } from "@/lib/audit/record-audit";
import { auditFilterSchema } from "@/lib/audit/list-audit";
import { route } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

export const GET = route({ allowed: canManageUsers, query: auditFilterSchema }, async ({ actor, query }) => {
  // Recorded first, so the export holds its own event: the log says it left the console.
  await recordAudit({
    actorId: actor.id,
    action: "export.audit",
    targetType: "AuditLog",
    targetId: null,
    detail: query,
  });
  return new Response(auditStream(query), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="tuma-audit.csv"`,
    },
  });
});
