// The audit log, filtered as on the page, as a CSV stream (page after page, newest first). Times are ISO 8601 with the
// offset of the organisation's zone, the zone the page shows them in. Each row ends with the sentence the page shows
// ("Grace Wanjiru paused “December reminders”: reason …"), names looked up per page of 1,000 as the page does per 50,
// so a reader of the file needs neither the ids nor the action vocabulary.
import "server-only";
import { csvHeader, csvRows } from "@/lib/csv/to-csv";
import { isoInZone } from "@/lib/time/format";
import { auditNames } from "./audit-names";
import { auditSentence, type SentencePart } from "./audit-sentence";
import { listAudit, type AuditFilter } from "./list-audit";

const COLUMNS = [
  "id",
  "time",
  "actor_email",
  "actor_id",
  "action",
  "target_type",
  "target_id",
  "detail",
  "what_happened",
];

const plain = (parts: SentencePart[], timeZone: string): string =>
  parts
    .map((part) =>
      typeof part === "string" ? part : "text" in part ? part.text : isoInZone(new Date(part.time), timeZone),
    )
    .join("");

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
      const names = await auditNames(page.rows);
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
          plain(auditSentence(a, names), timeZone),
        ]),
      );
      if (text) controller.enqueue(encoder.encode(text));
      if (page.next) before = page.next;
      else controller.close();
    },
  });
}
