import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { AccountForm } from "@/components/settings/account-form";
import { formatOverlapEnd } from "@/components/settings/overlap-end";
import { ReceiptSecretForm } from "@/components/settings/receipt-secret-form";
import { NumberSettingForm } from "@/components/settings/number-setting-form";
import { PromotionalWindowForm } from "@/components/settings/promotional-window-form";
import { TimeZoneForm } from "@/components/settings/time-zone-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr, numeric, ACTIONS } from "@/components/ui/table";
import { RowAction } from "@/components/console/row-action";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { listSenderIdProblems } from "@/lib/accounts/sender-id-problems";
import { canManageAccounts } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { timeZoneNames } from "@/lib/time/zone";
import { duplicateWindowHours } from "@/lib/batches/duplicate-guard";
import { minuteLabel } from "@/lib/compose/promotional-window";
import { getPromotionalWindow } from "@/lib/organisation/promotional-window";
import {
  clearSenderIdProblemAction,
  rotateReceiptSecretAction,
  saveAccountAction,
  setDuplicateWindowAction,
  setPromotionalWindowAction,
  setTimeZoneAction,
} from "./actions";
import { formatCount } from "@/lib/numbers/format";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

const NEW_ACCOUNT = {
  name: "",
  baseUrl: "",
  senders: [],
  defaultOriginator: "",
  requestsPerSecond: 120,
  batchSizeLimit: 100,
  isDefault: false,
  unitPrice: null,
  priceCurrency: "KES",
};

export default async function SettingsPage() {
  await requireActor(canManageAccounts);
  const [accounts, timeZone, senderProblems, windowHours, promotional] = await Promise.all([
    listAccounts(),
    getOrgTimeZone(),
    listSenderIdProblems(),
    duplicateWindowHours(),
    getPromotionalWindow(),
  ]);
  const now = new Date();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Settings"
        description="Provider accounts: where batches are sent, with which token, at what rate; the organisation's time zone."
      />
      <section aria-label="Provider accounts">
        <Table
          columns={[
            "Name",
            "Base URL",
            "Token",
            "Sender IDs / originator",
            numeric("Requests/s"),
            numeric("Batch size"),
          ]}
        >
          {accounts.map((account) => (
            <Tr key={account.id}>
              <Td>
                {account.name} {account.isDefault ? <Badge>default</Badge> : null}
              </Td>
              <Td className="font-mono text-xs">{account.baseUrl}</Td>
              <Td className="font-mono text-xs">…{account.tokenLast4}</Td>
              <Td>
                {account.senders.length > 0 ? account.senders.join(", ") : <em>no sender ID yet</em>} /{" "}
                {account.defaultOriginator}
              </Td>
              <Td numeric>{account.requestsPerSecond}</Td>
              <Td numeric>{account.batchSizeLimit}</Td>
            </Tr>
          ))}
        </Table>
      </section>
      {senderProblems.length > 0 ? (
        <section aria-label="Sender IDs the network refused" className="space-y-3">
          <h2 className="text-lg font-semibold">Sender IDs the network refused</h2>
          <p className="text-sm text-slate-600">
            Receipts said the network does not know or has blocked these sender IDs: every message sent with one fails.
            Have it registered with the provider (or use another), then clear the warning.
          </p>
          <Table columns={["Account", "Sender ID", "Last status", numeric("Messages"), ACTIONS]}>
            {senderProblems.map((p) => (
              <Tr key={`${p.accountId}:${p.sender}`}>
                <Td>{p.account}</Td>
                <Td className="font-mono">{p.sender}</Td>
                <Td className="font-mono text-xs">{p.status}</Td>
                <Td numeric>{formatCount(p.messages)}</Td>
                <Td>
                  <RowAction
                    label="Clear"
                    name={`Clear the warning about ${p.sender}`}
                    confirm={`Clear the warning about the sender ID “${p.sender}” on ${p.account}? Do it once the provider has registered it: batches sent with it stop showing the warning.`}
                    confirmLabel="Clear the warning"
                    run={clearSenderIdProblemAction.bind(null, p.accountId, p.sender)}
                  />
                </Td>
              </Tr>
            ))}
          </Table>
        </section>
      ) : null}
      <Card title="Edit or add an account" className="space-y-3">
        <p className="text-sm text-slate-600">
          Switching from the sandbox to the real provider is its base URL and token. Tokens are stored encrypted and
          never shown again; changing the base URL needs the token again. Every change is audited.
        </p>
        {accounts.map((account) => (
          <details key={account.id}>
            <summary className="cursor-pointer text-sm font-medium text-sky-700">Edit {account.name}</summary>
            <div className="mt-2 space-y-3">
              <AccountForm initial={account} action={saveAccountAction} />
              <ReceiptSecretForm
                accountId={account.id}
                previousAcceptedUntil={
                  account.previousReceiptSecretUntil && account.previousReceiptSecretUntil > now
                    ? formatOverlapEnd(account.previousReceiptSecretUntil, timeZone)
                    : null
                }
                action={rotateReceiptSecretAction}
              />
            </div>
          </details>
        ))}
        <details>
          <summary className="cursor-pointer text-sm font-medium text-sky-700">Add an account</summary>
          <div className="mt-2">
            <AccountForm initial={NEW_ACCOUNT} action={saveAccountAction} />
          </div>
        </details>
      </Card>
      <Card title="Units and voice language" className="space-y-2 text-sm">
        <p className="text-slate-600">
          Record the units bought for each account, and when the overview should warn:{" "}
          <TextLink href="/settings/units">Units</TextLink>. Name the voice request&apos;s language field and its
          values: <TextLink href="/settings/voice-language">Voice language</TextLink>.
        </p>
      </Card>
      <Card title="Organisation time zone" className="space-y-3">
        <p className="text-sm text-slate-600">
          Every time in the console is shown in this zone, with its name; the overview counts its days and the delivery
          charts their hours in it, and &ldquo;send later&rdquo; is typed in it. Exports carry times with its offset.
          Changes are audited.
        </p>
        <TimeZoneForm current={timeZone} zones={timeZoneNames()} action={setTimeZoneAction} />
      </Card>
      <Card title="Duplicate sends" className="space-y-3">
        <p className="text-sm text-slate-600">
          Compose leaves out recipients who were sent the same text (with their own values filled in) within this
          window, unless the operator includes them and says why. Changes are audited.
        </p>
        <NumberSettingForm
          current={windowHours}
          action={setDuplicateWindowAction}
          name="hours"
          label="Duplicate-send window (hours)"
          min={1}
          max={720}
          width="w-64"
          save="Save window"
          variant="primary"
        />
      </Card>
      <Card title="Promotional hours" className="space-y-3">
        <p className="text-sm text-slate-600">
          A batch marked promotional sends only between these times in the organisation&apos;s time zone ({timeZone}):
          it waits at the end and goes on at the next start. Transactional batches ignore them. Changes are audited.
        </p>
        <PromotionalWindowForm
          start={minuteLabel(promotional.startMinute)}
          end={minuteLabel(promotional.endMinute)}
          action={setPromotionalWindowAction}
        />
      </Card>
    </div>
  );
}
