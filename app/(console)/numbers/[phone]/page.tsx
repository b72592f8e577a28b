import { formatCount } from "@/lib/numbers/format";
import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { redirect } from "next/navigation";
import { CallOutcomeNote } from "@/components/batches/call-outcome-note";
import { FailureKindLabel } from "@/components/batches/failure-kind";
import { StateBadge } from "@/components/batches/state-badge";
import { RowAction } from "@/components/console/row-action";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { ButtonAnchor } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { KeysetPager } from "@/components/ui/keyset-pager";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { canManageUsers, canRemoveCarrierOptOuts, canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { PROBLEM_STATES } from "@/lib/states/states";
import { numberFrom, numberLists, numberMessages, numberOptOut, numberSummary } from "@/lib/number-story/number-story";
import { summaryLine } from "@/lib/number-story/summary-line";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";
import { languageLabel } from "@/lib/languages/known-languages";
import { failureKindOf } from "@/lib/receipts/failure-classes";
import { ForgetNumber } from "@/components/numbers/forget-number";
import { isNeverContacted } from "@/lib/opt-outs/never-contact";
import { countErasureAction, eraseNumberAction, removeNumberOptOutAction } from "./actions";

export const metadata: Metadata = { title: "Number" };
export const dynamic = "force-dynamic";

const at = (date: Date | null) => (date ? <Time at={date} /> : "—");
const problem = (state: string) => (PROBLEM_STATES as readonly string[]).includes(state);

export default async function NumberPage({
  params,
  searchParams,
}: {
  params: Promise<{ phone: string }>;
  searchParams: Promise<{ before?: string | string[] }>;
}) {
  const actor = await requireActor();
  const raw = decodeURIComponent((await params).phone);
  const found = numberFrom(raw);
  if (!found.ok) redirect(`/numbers?${new URLSearchParams({ q: raw.slice(0, 40) })}`);
  const { phone } = found;
  if (raw !== phone) redirect(`/numbers/${phone}`);
  const before = (await searchParams).before;
  const after = typeof before === "string" ? before.slice(0, 20) : undefined;
  const [page, summary, optOut, lists, zone, never] = await Promise.all([
    numberMessages(phone, { before: after }),
    numberSummary(phone),
    numberOptOut(phone),
    numberLists(phone),
    getOrgTimeZone(),
    isNeverContacted(phone),
  ]);

  return (
    <div className="space-y-6">
      <PageHeader
        title={<span className="font-mono">{phone}</span>}
        description={<span data-testid="number-summary">{summaryLine(summary, zone)}.</span>}
        actions={
          canManageUsers(actor) ? (
            <>
              {/* Subject access (Kenya's Data Protection Act): everything held about the number, audited. */}
              <ButtonAnchor href={`/api/numbers/${phone}/subject-access?format=json`} size="sm">
                Everything held (JSON)
              </ButtonAnchor>
              <ButtonAnchor href={`/api/numbers/${phone}/subject-access?format=zip`} size="sm">
                Everything held (CSV zip)
              </ButtonAnchor>
            </>
          ) : null
        }
      />

      <Card title="Opt-out" aria-label="Opt-out">
        {optOut ? (
          <div className="space-y-2 text-sm" data-testid="number-opt-out">
            <p>
              <Badge tone={optOut.source === "carrier" ? "danger" : "warning"}>
                {optOut.source === "carrier" ? "carrier blacklist" : "opted out"}
              </Badge>{" "}
              Not sent to: every batch stores it as suppressed. Added <Time at={optOut.createdAt} />
              {optOut.createdBy
                ? ` by ${optOut.createdBy}`
                : optOut.source === "carrier"
                  ? " by the network"
                  : optOut.source === "upload"
                    ? " from a file"
                    : ""}
              {optOut.reason ? ` · “${optOut.reason}”` : ""}.
            </p>
            {canSend(actor) && (optOut.source !== "carrier" || canRemoveCarrierOptOuts(actor)) ? (
              <RowAction
                label="Remove"
                name={`Remove ${phone}`}
                confirm={`Remove ${phone} from the opt-out list? Every batch from now on sends to this number again${optOut.reason ? ` (it was opted out: “${optOut.reason}”)` : ""}.`}
                confirmLabel="Remove from the opt-out list"
                reason={{ label: "Why (kept in the audit log)" }}
                run={removeNumberOptOutAction.bind(null, phone)}
              />
            ) : optOut.source === "carrier" ? (
              <p className="text-xs text-slate-500">An administrator can remove it.</p>
            ) : null}
          </div>
        ) : never ? (
          <p className="text-sm text-slate-600" data-testid="number-opt-out">
            <Badge tone="warning">never contact</Badge> Forgotten at its owner&apos;s request and never to be contacted
            again: every batch stores it as suppressed.
          </p>
        ) : (
          <p className="text-sm text-slate-600" data-testid="number-opt-out">
            Not opted out: batches send to it.
          </p>
        )}
      </Card>

      <section aria-label="Messages" className="space-y-3">
        <h2 className="text-lg font-semibold">Messages, newest first</h2>
        <Table
          cards
          aria-label="Messages to this number"
          columns={["Batch", "Text as sent", "State", "Sent", "Receipt", numeric("Units")]}
          empty={page.rows.length === 0 && (after ? "No older messages." : "No message has been sent to this number.")}
        >
          {page.rows.map((m) => (
            <Tr key={m.id} data-testid="number-message">
              <Td data-label="Batch">
                <TextLink href={`/batches/${m.batchId}`}>{m.batchName}</TextLink>
                <span className="block text-xs text-slate-500">
                  {m.kind === "SMS" ? "SMS" : "voice call"}
                  {m.sender ? ` from ${m.sender}` : ""} · <TextLink href={`/messages/${m.id}`}>message {m.id}</TextLink>
                  {m.followed ? (
                    <>
                      {" "}
                      · escalation of <TextLink href={`/messages/${m.followed}`}>SMS {m.followed}</TextLink>
                    </>
                  ) : null}
                </span>
              </Td>
              <Td className="max-w-sm break-words" data-label="Text as sent">
                {m.text}
                {/* The variant it was sent (docs/languages.md); the default text says nothing. */}
                {m.language ? (
                  <span className="block text-xs text-slate-500" data-testid="number-message-language">
                    in {languageLabel(m.language)}
                  </span>
                ) : null}
              </Td>
              <Td data-label="State">
                <span className="flex flex-wrap items-center gap-1">
                  <StateBadge state={m.state} />
                  <CallOutcomeNote state={m.state} callState={m.call?.state ?? null} />
                </span>
                {problem(m.state) ? (
                  <span className="mt-1 block text-xs">
                    <FailureKindLabel kind={failureKindOf(m.state, m.failureClass)} />
                    {m.lastError || m.deliveryStatus ? (
                      <span className="block text-slate-600">{m.lastError ?? m.deliveryStatus}</span>
                    ) : null}
                  </span>
                ) : null}
                {m.call ? (
                  <span className="mt-1 block text-xs text-slate-600">
                    Called after it: <TextLink href={`/messages/${m.call.id}`}>call {m.call.id}</TextLink>{" "}
                    <StateBadge state={m.call.state} />
                  </span>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap text-slate-600" data-label="Sent">
                {at(m.submittedAt)}
              </Td>
              <Td className="whitespace-nowrap text-slate-600" data-label="Receipt">
                {at(m.receiptAt)}
              </Td>
              <Td numeric data-label="Units">
                {m.smsUnits ?? "—"}
              </Td>
            </Tr>
          ))}
        </Table>
        <KeysetPager
          first={after ? `/numbers/${phone}` : null}
          next={page.next ? `/numbers/${phone}?${new URLSearchParams({ before: page.next })}` : null}
        />
      </section>

      {canManageUsers(actor) ? (
        <Card title="Erasure" aria-label="Erasure">
          {/* The right to deletion (Kenya's Data Protection Act): lib/number-story/erase-number.ts. */}
          <ForgetNumber
            phone={phone}
            count={countErasureAction.bind(null, phone)}
            erase={eraseNumberAction.bind(null, phone)}
          />
        </Card>
      ) : null}

      <Card title="Lists" aria-label="Lists">
        {lists.length === 0 ? (
          <p className="text-sm text-slate-600">Not sent to from any saved list.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {lists.map((l) => (
              <li key={l.id}>
                <TextLink href={`/lists/${l.id}`}>{l.name}</TextLink>{" "}
                <span className="text-slate-500">row {formatCount(l.rowNumber)}</span>
              </li>
            ))}
          </ul>
        )}
        <Notice className="mt-2">
          Lists this number was sent from; a list it is in but never sent from is not shown.
        </Notice>
      </Card>
    </div>
  );
}
