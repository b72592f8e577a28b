// The audit log, filtered as on the page, as a CSV stream (page after page, newest first). Times are ISO 8601 with the
// offset of the organisation's zone, the zone the page shows them in.
import "server-only";
import { csvHeader, csvRows } from "@/lib/csv/to-csv";
import { isoInZone } from "@/lib/time/format";
import { listAudit, type AuditFilter } from "./list-audit";

const COLUMNS = ["id", "time", "actor_email", "actor_id", "action", "target_type", "target_id", "detail"];

export function auditStream(filter: AuditFilter, timeZone: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: string | undefined = filter.before;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvHeader(COLUMNS)));
      }
      const page = await listAudit({ ...filter, before }, timeZone, 1000);
      const text = csvRows(
        page.rows.map((a) => [
          a.id,
          isoInZone(a.createdAt, timeZone),
          a.actorEmail,
          a.actorId,
          a.action,
          a.targetType,
          a.targetId,
          JSON.stringify(a.detail ?? {}),
        ]),
      );
      if (text) controller.enqueue(encoder.encode(text));
      if (page.next) before = page.next;
      else controller.close();
    },
  });
}
