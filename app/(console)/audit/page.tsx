import type { Metadata } from "next";
import { AuditRaw, AuditSentence } from "@/components/audit/audit-event";
import { Time } from "@/components/time/time";
import { ZoneDescription } from "@/components/time/zone-description";
import { ButtonAnchor } from "@/components/ui/button";
import { FilterForm, FilterInput, FilterSelect } from "@/components/ui/filter-form";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr } from "@/components/ui/table";
import { auditNames } from "@/lib/audit/audit-names";
import { AUDIT_ACTIONS } from "@/lib/audit/record-audit";
import { auditFilterSchema, listAudit } from "@/lib/audit/list-audit";
import { canManageUsers } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { pageHref, readPageQuery, type PageSearchParams } from "@/lib/http/page-query";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { listUsers } from "@/lib/users/list-users";
import { KeysetPager } from "@/components/ui/keyset-pager";

export const metadata: Metadata = { title: "Audit" };
export const dynamic = "force-dynamic";

export default async function AuditPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireActor(canManageUsers);
  const { filter, error } = await readPageQuery(searchParams, auditFilterSchema);
  const [page, users] = await Promise.all([getOrgTimeZone().then((zone) => listAudit(filter, zone)), listUsers()]);
  const names = await auditNames(page.rows);
  const { before: _shown, ...search } = filter;
  const href = (path: string, before?: string) => pageHref(path, { ...search, before });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit"
        description="Every send, pause, resume, cancel, resend, account, token and user change, every log-in and log-out, and every export: who, when, what. The log is append-only."
        actions={
          <ButtonAnchor href={href("/api/audit/export")} size="sm">
            Export CSV
          </ButtonAnchor>
        }
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <FilterForm
        label="Filter"
        submit="Filter"
        values={{ actor: filter.actor, action: filter.action, from: filter.from, to: filter.to }}
        clearHref="/audit"
        footer={
          <>
            Days and times in <ZoneDescription />.
          </>
        }
      >
        <FilterSelect
          label="Actor"
          name="actor"
          value={filter.actor}
          any="Anyone"
          options={users.map((u) => [u.id, `${u.name} (${u.email})`] as const)}
        />
        <FilterSelect
          label="Action"
          name="action"
          value={filter.action}
          any="Any"
          options={AUDIT_ACTIONS.map((a) => [a, a] as const)}
        />
        <FilterInput label="From" name="from" type="date" value={filter.from} />
        <FilterInput label="To" name="to" type="date" value={filter.to} />
      </FilterForm>
      <Table
        aria-label="Audit events"
        columns={["Time", "What happened"]}
        empty={page.rows.length === 0 && "No events match."}
      >
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
      </Table>
      <KeysetPager first={filter.before ? href("/audit") : null} next={page.next ? href("/audit", page.next) : null} />
    </div>
  );
}
