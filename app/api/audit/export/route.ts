// GET /api/audit/export?actor&action&from&to – the audit log as CSV, filtered as on the Audit page (admins).
import { canManageUsers } from "@/lib/auth/permissions";
import { auditStream } from "@/lib/audit/export-audit";
import { auditFilterSchema } from "@/lib/audit/list-audit";
import { heldStream } from "@/lib/fair-share/held-stream";
import { route } from "@/lib/http/route-gate";

export const dynamic = "force-dynamic";

export const GET = route(
  { allowed: canManageUsers, query: auditFilterSchema },
  async ({ actor, query }) =>
    new Response(await heldStream("EXPORT", actor.id, () => auditStream(query)), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="tuma-audit.csv"`,
      },
    }),
);
