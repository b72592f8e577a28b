// Settings → Units: per provider account, its units (bought, used, balance, committed, left), the ledger where an
// administrator records units bought, and the overview's warning threshold (docs/units-budget.md).
import type { Metadata } from "next";
import { UnitsPurchaseForm } from "@/components/settings/units-purchase-form";
import { UnitsThresholdForm } from "@/components/settings/units-threshold-form";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";
import { Card } from "@/components/ui/card";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { canManageAccounts } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { formatDateTime } from "@/lib/time/format";
import { listPurchases } from "@/lib/units/list-purchases";
import { pausedForUnits } from "@/lib/units/paused-for-units";
import { unitsFigures } from "@/lib/units/units-figures";
import { recordPurchaseAction, setWarnThresholdAction } from "./actions";
import { formatCount } from "@/lib/numbers/format";

export const metadata: Metadata = { title: "Units" };
export const dynamic = "force-dynamic";

const n = (value: number) => formatCount(value);

export default async function UnitsPage() {
  await requireActor(canManageAccounts);
  const [accounts, timeZone] = await Promise.all([listAccounts(), getOrgTimeZone()]);
  const sections = await Promise.all(
    accounts.map(async (account) => ({
      account,
      figures: await unitsFigures(account.id),
      ledger: await listPurchases(account.id),
      paused: await pausedForUnits(account.id),
    })),
  );
  return (
    <div className="space-y-8">
      <SettingsPageHeader
        title="Units"
        description="The provider shows no balance, so record here the units bought for each account: Compose then shows what a batch needs and what is left, and refuses one that does not fit."
      />
      {sections.map(({ account, figures, ledger, paused }) => (
        <Card key={account.id} title={account.name} className="space-y-4" aria-label={`Units of ${account.name}`}>
          {figures.budgeted ? (
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" data-testid={`units-${account.name}`}>
              <Figure label="Bought" value={n(figures.bought)} />
              <Figure label="Used" value={n(figures.used)} />
              <Figure label="Balance" value={n(figures.balance)} />
              <Figure label="Committed" value={n(figures.committed)} />
              <Figure label="Left" value={n(figures.balance - figures.committed)} />
            </dl>
          ) : (
            <p className="text-sm text-slate-600">
              No units recorded yet: batches on this account are not checked against a balance.
            </p>
          )}
          <UnitsPurchaseForm
            accountId={account.id}
            accountName={account.name}
            pausedForUnits={paused}
            action={recordPurchaseAction}
          />
          <UnitsThresholdForm accountId={account.id} current={figures.warnBelow} action={setWarnThresholdAction} />
          {ledger.length > 0 ? (
            <Table columns={["Recorded", "By", numeric("Units"), "Note"]}>
              {ledger.map((entry) => (
                <Tr key={entry.id}>
                  <Td>{formatDateTime(entry.at, timeZone)}</Td>
                  <Td>{entry.by ?? "—"}</Td>
                  <Td numeric>{n(entry.units)}</Td>
                  <Td>{entry.note ?? ""}</Td>
                </Tr>
              ))}
            </Table>
          ) : null}
        </Card>
      ))}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
