"use client";
// Carrier-blacklist opt-outs held back as a burst (lib/receipts/held-opt-outs.ts): the numbers, and an
// administrator's two answers — release them to the opt-outs, or discard them (forged receipts) — covering the numbers
// held up to when the page was read.
import { TextLink } from "@/components/ui/text-link";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Table, Td, Tr } from "@/components/ui/table";
import { formatCount } from "@/lib/numbers/format";

export type HeldRow = { phone: string; reason: string; messageId: string; heldAt: string };

export function HeldOptOuts({
  rows,
  total,
  upTo,
  decide,
}: {
  rows: HeldRow[];
  total: number;
  /** The latest hold the page shows (ISO): a decision covers the numbers held up to it. */
  upTo: string;
  decide: FormAction;
}) {
  const { state, formAction, pending } = useActionForm(decide);
  return (
    <div className="space-y-3">
      <ActionNotice result={state} />
      <Table
        aria-label="Held opt-outs"
        columns={["Phone", "Reported", "Message", "Held"]}
        empty={rows.length === 0 && "No carrier-blacklist opt-out is held."}
      >
        {rows.map((r) => (
          <Tr key={r.phone}>
            <Td className="font-mono text-xs">{r.phone}</Td>
            <Td className="text-xs">{r.reason}</Td>
            <Td>
              <TextLink href={`/messages/${r.messageId}`}>message {r.messageId}</TextLink>
            </Td>
            <Td className="whitespace-nowrap text-slate-600">{r.heldAt}</Td>
          </Tr>
        ))}
      </Table>
      {total > 0 ? (
        <form action={formAction} className="flex flex-wrap items-center gap-3 text-sm">
          <input type="hidden" name="upTo" value={upTo} />
          <span>
            {total > rows.length
              ? `The latest ${formatCount(rows.length)} of ${formatCount(total)} held numbers are shown; `
              : ""}
            a decision covers all {formatCount(total)}.
          </span>
          <Button type="submit" name="decision" value="release" variant="primary" size="sm" disabled={pending}>
            Opt them out
          </Button>
          <Button type="submit" name="decision" value="discard" variant="danger" size="sm" disabled={pending}>
            Discard (do not opt out)
          </Button>
        </form>
      ) : null}
    </div>
  );
}
