import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass, ButtonAnchor } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyRow, Table, Td, THead, Th, Tr } from "@/components/ui/table";
import { AUDIT_ACTIONS } from "@/lib/audit/record-audit";
import { auditFilterSchema, listAudit } from "@/lib/audit/list-audit";
import { canManageUsers } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/list-users";

export const metadata: Metadata = { title: "Audit" };
export const dynamic = "force-dynamic";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

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
  const [page, users] = await Promise.all([listAudit(filter), listUsers()]);
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
                {u.email}
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
          <span className="block font-medium">From (UTC)</span>
          <input type="date" name="from" defaultValue={filter.from ?? ""} className={controlClass} />
        </label>
        <label className="space-y-1">
          <span className="block font-medium">To (UTC)</span>
          <input type="date" name="to" defaultValue={filter.to ?? ""} className={controlClass} />
        </label>
        <button type="submit" className={buttonClass("primary", "sm")}>
          Filter
        </button>
      </form>
      <Table>
        <THead>
          <Th>Time (UTC)</Th>
          <Th>Actor</Th>
          <Th>Action</Th>
          <Th>Target</Th>
          <Th>Detail</Th>
        </THead>
        <tbody>
          {page.rows.length === 0 ? <EmptyRow columns={5}>No events match.</EmptyRow> : null}
          {page.rows.map((event) => (
            <Tr key={event.id}>
              <Td className="whitespace-nowrap text-slate-600">{dateTime.format(event.createdAt)}</Td>
              <Td>{event.actorEmail ?? (event.actorId ? "deleted user" : "system")}</Td>
              <Td className="font-mono text-xs">{event.action}</Td>
              <Td className="text-xs">
                {event.targetType === "Batch" && event.targetId ? (
                  <Link href={`/batches/${event.targetId}`} className="text-sky-700 underline">
                    batch {event.targetId.slice(0, 8)}
                  </Link>
                ) : (
                  `${event.targetType} ${event.targetId ?? ""}`
                )}
              </Td>
              <Td className="max-w-md font-mono text-xs break-all text-slate-600">
                {JSON.stringify(event.detail ?? {})}
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
