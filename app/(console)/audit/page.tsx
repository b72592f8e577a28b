import type { Metadata } from "next";
import Link from "next/link";
import { AuditRaw, AuditSentence } from "@/components/audit/audit-event";
import { Time } from "@/components/time/time";
import { ZoneDescription } from "@/components/time/zone-description";
import { buttonClass, ButtonAnchor } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyRow, Table, Td, THead, Th, Tr } from "@/components/ui/table";
import { auditNames } from "@/lib/audit/audit-names";
import { AUDIT_ACTIONS } from "@/lib/audit/record-audit";
import { auditFilterSchema, listAudit } from "@/lib/audit/list-audit";
import { canManageUsers } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { listUsers } from "@/lib/users/list-users";

export const metadata: Metadata = { title: "Audit" };
export const dynamic = "force-dynamic";

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireActor(canManageUsers);
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = auditFilterSchema.safeParse(raw);
  const filter = parsed.success ? parsed.data : {};
  const [page, users] = await Promise.all([getOrgTimeZone().then((zone) => listAudit(filter, zone)), listUsers()]);
  const names = await auditNames(page.rows);
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({
      ...Object.fromEntries(Object.entries(filter).filter(([k, v]) => v && k !== "before")),
      ...extra,
    }).toString();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit"
        description="Every send, pause, resume, cancel, resend, account, token and user change, every log-in and log-out, and every export: who, when, what. The log is append-only."
        actions={
          <ButtonAnchor href={`/api/audit/export?${query({})}`} size="sm">
            Export CSV
          </ButtonAnchor>
        }
      />
      {parsed.success ? null : (
        <Notice tone="error">{parsed.error.issues.map((i) => i.message).join(" ")} The filter was ignored.</Notice>
      )}
      <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filter">
        <label className="space-y-1">
          <span className="block font-medium">Actor</span>
          <select name="actor" defaultValue={filter.actor ?? ""} className={controlClass}>
            <option value="">Anyone</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1">
          <span className="block font-medium">Action</span>
          <select name="action" defaultValue={filter.action ?? ""} className={controlClass}>
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1">
          <span className="block font-medium">From</span>
          <input type="date" name="from" defaultValue={filter.from ?? ""} className={controlClass} />
        </label>
        <label className="space-y-1">
          <span className="block font-medium">To</span>
          <input type="date" name="to" defaultValue={filter.to ?? ""} className={controlClass} />
        </label>
        <button type="submit" className={buttonClass("primary", "sm")}>
          Filter
        </button>
        <p className="w-full text-xs text-slate-500">
          Days and times in <ZoneDescription />.
        </p>
      </form>
      <Table aria-label="Audit events">
        <THead>
          <Th>Time</Th>
          <Th>What happened</Th>
        </THead>
        <tbody>
          {page.rows.length === 0 ? <EmptyRow columns={2}>No events match.</EmptyRow> : null}
          {page.rows.map((event) => (
            <Tr key={event.id} className="align-top">
              <Td className="text-slate-600 sm:whitespace-nowrap">
                <Time at={event.createdAt} seconds />
              </Td>
              <Td>
                <AuditSentence event={event} names={names} />
                <AuditRaw event={event} />
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      <div className="flex gap-2">
        {filter.before ? (
          <Link href={`/audit?${query({})}`} className={buttonClass("secondary", "sm")}>
            Newest
          </Link>
        ) : null}
        {page.next ? (
          <Link href={`/audit?${query({ before: page.next })}`} className={buttonClass("secondary", "sm")}>
            Older
          </Link>
        ) : null}
      </div>
    </div>
  );
}
