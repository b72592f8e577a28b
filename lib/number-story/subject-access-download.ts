// The subject access download as one answer (issue 38 item 4), for the console's number page
// (app/api/numbers/[phone]/subject-access) and the API (GET /api/v1/numbers/{phone}/subject-access) alike: one of the
// user's export slots (lib/fair-share), audited before the first byte, streamed in bounded memory — the same file
// through the same code whichever asked.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { heldStream } from "@/lib/fair-share/held-stream";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { subjectJson, subjectZip } from "./subject-access-stream";
import { subjectParts } from "./subject-access";

export type SubjectFormat = "json" | "zip";

export async function subjectAccessResponse(
  actor: { id: string; name: string; email: string },
  phone: string,
  format: SubjectFormat,
  via: "console" | "api" = "console",
): Promise<Response> {
  const timeZone = await getOrgTimeZone();
  const header = { phone, madeAt: new Date(), madeBy: { name: actor.name, email: actor.email }, timeZone };
  const body = await heldStream("EXPORT", actor.id, async () => {
    await recordAudit({
      actorId: actor.id,
      action: "export.subject_access",
      targetType: "Number",
      targetId: phone,
      detail: via === "api" ? { format, via } : { format },
    });
    const parts = subjectParts(phone, timeZone);
    return format === "zip" ? subjectZip(header, parts) : subjectJson(header, parts);
  });
  return new Response(body, {
    headers: {
      "content-type": format === "zip" ? "application/zip" : "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="tuma-${phone}.${format}"`,
    },
  });
}
