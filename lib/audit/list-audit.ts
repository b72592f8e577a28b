// The audit log as the Audit page reads it: newest first, filtered by actor, action and date, in keyset pages (as
// fast on the last page as on the first). Read-only, like everything else that touches the log but recordAudit.
import "server-only";
import { z } from "zod";
import { pool } from "@/lib/db/pool";
import { queryCursor, queryEnum } from "@/lib/http/page-query";
import { optionalParam } from "@/lib/http/params";
import { AUDIT_ACTIONS } from "./record-audit";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD.");

export const auditFilterSchema = z.object({
  actor: optionalParam(z.uuid("Not a user.")),
  action: queryEnum(AUDIT_ACTIONS, "Not an audited action."),
  from: optionalParam(day),
  to: optionalParam(day),
  before: queryCursor("id", "The cursor must be an event id."),
});

export type AuditFilter = z.output<typeof auditFilterSchema>;

export type AuditRow = {
  id: string;
  createdAt: Date;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  detail: unknown;
};

/** `from` and `to` are days of `timeZone` (the organisation's): a day runs from its midnight there to the next. */
export async function listAudit(
  filter: AuditFilter,
  timeZone: string,
  limit = 50,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const { rows } = await pool().query<AuditRow>(
    `SELECT a.id::text AS id, a."createdAt", a."actorId", u.email AS "actorEmail", u.name AS "actorName", a.action, a."targetType", a."targetId", a.detail
     FROM "AuditEvent" a LEFT JOIN "User" u ON u.id = a."actorId"
     WHERE ($1::uuid IS NULL OR a."actorId" = $1)
       AND ($2::text IS NULL OR a.action = $2)
       AND ($3::date IS NULL OR a."createdAt" >= $3::date::timestamp AT TIME ZONE $7)
       AND ($4::date IS NULL OR a."createdAt" < ($4::date + 1)::timestamp AT TIME ZONE $7)
       AND ($5::bigint IS NULL OR a.id < $5::bigint)
     ORDER BY a.id DESC
     LIMIT $6`,
    [
      filter.actor || null,
      filter.action || null,
      filter.from || null,
      filter.to || null,
      filter.before ?? null,
      limit,
      timeZone,
    ],
  );
  return { rows, next: rows.length === limit ? rows.at(-1)!.id : null };
}
