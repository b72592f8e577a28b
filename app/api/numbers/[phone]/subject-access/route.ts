// GET /api/numbers/[phone]/subject-access?format=json|zip – everything Tuma holds about one number (issue 38 item 4,
// lib/number-story/subject-access.ts), for an administrator answering a person's request under Kenya's Data Protection
// Act; audited before the first byte, streamed in bounded memory, one of the user's export slots (lib/fair-share).
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { canManageUsers } from "@/lib/auth/permissions";
import { heldStream } from "@/lib/fair-share/held-stream";
import { route } from "@/lib/auth/route-gate";
import { subjectJson, subjectZip } from "@/lib/number-story/subject-access-stream";
import { subjectParts } from "@/lib/number-story/subject-access";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { normalizePhone } from "@/lib/provider/wire/phone";

export const dynamic = "force-dynamic";

const params = z.object({
  phone: z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const check = normalizePhone(value, { lenient: true });
      if (check.ok) return check.phone;
      ctx.addIssue({ code: "custom", message: check.reason });
      return z.NEVER;
    }),
});
const query = z.object({
  format: z.enum(["json", "zip"], { error: "The format is json or zip." }).default("json"),
});

export const GET = route({ allowed: canManageUsers, params, query }, async ({ actor, params, query }) => {
  const timeZone = await getOrgTimeZone();
  const header = {
    phone: params.phone,
    madeAt: new Date(),
    madeBy: { name: actor.name, email: actor.email },
    timeZone,
  };
  const body = await heldStream("EXPORT", actor.id, async () => {
    await recordAudit({
      actorId: actor.id,
      action: "export.subject_access",
      targetType: "Number",
      targetId: params.phone,
      detail: { format: query.format },
    });
    const parts = subjectParts(params.phone, timeZone);
    return query.format === "zip" ? subjectZip(header, parts) : subjectJson(header, parts);
  });
  return new Response(body, {
    headers: {
      "content-type": query.format === "zip" ? "application/zip" : "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="tuma-${params.phone}.${query.format}"`,
    },
  });
});
