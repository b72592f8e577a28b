// GET /api/audit/export?actor&action&from&to – the audit log as CSV, filtered as on the Audit page (admins).
import { canManageUsers } from "@/lib/auth/permissions";
import { auditStream } from "@/lib/audit/export-audit";
import { recordAudit } from "@/lib/audit/record-audit";
import { auditFilterSchema } from "@/lib/audit/list-audit";
import { heldStream } from "@/lib/fair-share/held-stream";
import { route } from "@/lib/auth/route-gate";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";

export const dynamic = "force-dynamic";

export const GET = route({ allowed: canManageUsers, query: auditFilterSchema }, async ({ actor, query }) => {
  // At most two exports per user at once (429), eight per process (503): lib/fair-share. Recorded once the slot is
  // held and before the first byte, so the export holds its own event: the log says it left the console.
  const body = await heldStream("EXPORT", actor.id, async () => {
    await recordAudit({
      actorId: actor.id,
      action: "export.audit",
      targetType: "AuditLog",
      targetId: null,
      detail: query,
    });
    return auditStream(query, await getOrgTimeZone());
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="tuma-audit.csv"`,
    },
  });
});
