import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { RowAction } from "@/components/console/row-action";
import { AddOptOut } from "@/components/opt-outs/add-opt-out";
import { Time } from "@/components/time/time";
import { Card } from "@/components/ui/card";
import { FilterForm, FilterInput } from "@/components/ui/filter-form";
import { KeysetPager } from "@/components/ui/keyset-pager";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, Table, Td, Tr, ACTIONS } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { canRemoveCarrierOptOuts, canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { listOptOuts } from "@/lib/opt-outs/opt-outs";
import { pageHref } from "@/lib/http/page-query";
import { addOptOutAction, removeOptOutAction } from "./actions";

export const metadata: Metadata = { title: "Opt-outs" };
export const dynamic = "force-dynamic";

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export default async function OptOutsPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string | string[]; after?: string | string[] }>;
}) {
  const actor = await requireActor(canSend);
  const params = await searchParams;
  const q = one(params.q)?.slice(0, 40);
  const after = one(params.after)?.slice(0, 20);
  const page = await listOptOuts({ search: q, after });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Opt-outs"
        description="Numbers that are never sent to: every batch stores them as suppressed, and no resend takes them. A number the network reports blacklisted (it blocked the sender) is added by itself; only an administrator removes it."
      />
      <Card title="Add">
        <AddOptOut action={addOptOutAction} />
      </Card>
      <FilterForm label="Find opted-out numbers" submit="Search" values={{ q }} clearHref="/opt-outs">
        <FilterInput
          label="Search opted-out numbers"
          name="q"
          value={q}
          placeholder="Search by number, any form"
          className="w-full max-w-md"
        />
      </FilterForm>
      {page.rows.length === 0 ? (
        <EmptyState>
          {q ? `No opted-out number matches “${q}”.` : after ? "No more numbers." : "No numbers are opted out."}
        </EmptyState>
      ) : (
        <Table aria-label="Opted-out numbers" columns={["Number", "Reason", "Added", ACTIONS]}>
          {page.rows.map((row) => (
            <Tr key={row.phone}>
              <Td className="font-mono">
                <TextLink href={`/numbers/${row.phone}`}>{row.phone}</TextLink>
              </Td>
              <Td>
                {row.source === "carrier" ? (
                  <>
                    <Badge tone="danger">carrier blacklist</Badge>{" "}
                  </>
                ) : null}
                {row.reason ?? ""}
              </Td>
              <Td className="whitespace-nowrap">
                <Time at={row.createdAt} />
                {row.createdBy ? ` · ${row.createdBy}` : row.source === "carrier" ? " · by the network" : ""}
              </Td>
              <Td>
                {row.source !== "carrier" || canRemoveCarrierOptOuts(actor) ? (
                  <RowAction
                    label="Remove"
                    name={`Remove ${row.phone}`}
                    confirm={`Remove ${row.phone} from the opt-out list? Every batch from now on sends to this number again${row.reason ? ` (it was opted out: “${row.reason}”)` : ""}.`}
                    confirmLabel="Remove from the opt-out list"
                    reason={{ label: "Why (kept in the audit log)" }}
                    run={removeOptOutAction.bind(null, row.phone)}
                  />
                ) : (
                  <span className="text-xs text-slate-500">an administrator can remove it</span>
                )}
              </Td>
            </Tr>
          ))}
        </Table>
      )}
      <KeysetPager
        first={after ? pageHref("/opt-outs", { q }) : null}
        next={page.next ? pageHref("/opt-outs", { q, after: page.next }) : null}
        labels={{ first: "First page", next: "Next page" }}
      />
    </div>
  );
}
