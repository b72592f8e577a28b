import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { ComposeWithDraft } from "@/components/compose/compose-with-draft";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/table";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { canManageAccounts, canSend } from "@/lib/auth/permissions";
import { unitsFigures } from "@/lib/units/units-figures";
import { requireActor } from "@/lib/auth/session";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { getPromotionalWindow } from "@/lib/organisation/promotional-window";
import { findLists } from "@/lib/lists/find-lists";
import { rowsWithoutNumber } from "@/lib/lists/rows-without-number";
import { listTemplates } from "@/lib/templates/templates";
import { formatDateTime } from "@/lib/time/format";
import { createBatchAction } from "./actions";

export const metadata: Metadata = { title: "Compose" };
export const dynamic = "force-dynamic";

export default async function ComposePage({
  searchParams,
}: {
  searchParams: Promise<{ list?: string | string[]; template?: string | string[] }>;
}) {
  const actor = await requireActor(canSend);
  const [accounts, saved, templates, { list, template }, timeZone, promotionalWindow] = await Promise.all([
    listAccounts(),
    findLists(),
    listTemplates(),
    searchParams,
    getOrgTimeZone(),
    getPromotionalWindow(),
  ]);
  // Each budgeted account's units, for Compose's units line (the server checks them again when the batch is created).
  const units = Object.fromEntries(
    (await Promise.all(accounts.map(async (a) => [a.id, await unitsFigures(a.id)] as const)))
      .filter(([, figures]) => figures.budgeted)
      .map(([id, figures]) => [id, { balance: figures.balance, committed: figures.committed }]),
  );
  const languages = Object.fromEntries(
    accounts.flatMap((a) => (a.languageField ? [[a.id, { field: a.languageField, values: a.languages }]] : [])),
  );
  const withoutNumber = await rowsWithoutNumber(saved.map((u) => u.id));
  const lists = saved.map((u) => ({
    id: u.id,
    filename: u.filename,
    name: u.name,
    validCount: u.validCount,
    invalidCount: u.invalidCount,
    duplicateCount: u.duplicateCount,
    withoutNumber: withoutNumber.get(u.id) ?? 0,
    columns: u.columns,
    uploaded: formatDateTime(u.createdAt, timeZone),
  }));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Compose"
        actions={
          <ButtonLink href="/lists" size="sm">
            Upload a list
          </ButtonLink>
        }
      />
      {accounts.length === 0 ? (
        <EmptyState>
          There is no provider account yet. An administrator can add one in{" "}
          <TextLink href="/settings">Settings</TextLink>.
        </EmptyState>
      ) : (
        <ComposeWithDraft
          userId={actor.id}
          accounts={accounts.map((a) => ({
            id: a.id,
            name: a.name,
            senders: a.senders,
            defaultOriginator: a.defaultOriginator,
            batchSizeLimit: a.batchSizeLimit,
            requestsPerSecond: a.requestsPerSecond,
            price: a.unitPrice === null ? null : { perUnit: a.unitPrice, currency: a.priceCurrency },
          }))}
          lists={lists}
          initialListId={typeof list === "string" ? list : undefined}
          templates={templates.map(({ id, name, kind, body, variants }) => ({ id, name, kind, body, variants }))}
          initialTemplateId={typeof template === "string" ? template : undefined}
          promotionalWindow={promotionalWindow}
          units={units}
          canOverrideBudget={canManageAccounts(actor)}
          languages={languages}
          action={createBatchAction}
        />
      )}
    </div>
  );
}
