"use client";
// The statuses Tuma does not know, each with its form. The outcome of a mapping is announced here, above the table:
// the mapped status leaves the table as the page is read again, and its form with it.
import { TextLink } from "@/components/ui/text-link";
import { useState } from "react";
import type { FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import type { ActionResult } from "@/lib/auth/action";
import type { StatusExample } from "@/lib/reports/receipt-statuses";
import { MapStatusForm } from "./map-status-form";
import { formatCount } from "@/lib/numbers/format";

export type UnknownStatusRow = {
  status: string;
  receipts: number;
  /** First and last seen, formatted by the page. */
  seen: [string, string];
  examples: StatusExample[];
  /** Messages mapping it moves now. */
  waiting: number;
};

export function UnknownStatuses({ rows, action }: { rows: UnknownStatusRow[]; action: FormAction }) {
  const [last, setLast] = useState<ActionResult | null>(null);
  const announced: FormAction = async (previous, form) => {
    const result = await action(previous, form);
    setLast(result);
    return result;
  };
  return (
    <>
      <ActionNotice result={last} />
      <Table
        columns={[
          "Status",
          numeric("Receipts"),
          numeric("Messages held"),
          "First seen / last seen (EAT)",
          "Examples",
          "What it means",
        ]}
        empty={rows.length === 0 && "Every status received so far is known."}
      >
        {rows.map((s) => (
          <Tr key={s.status}>
            <Td className="font-mono text-xs">{s.status}</Td>
            <Td numeric>{formatCount(s.receipts)}</Td>
            <Td numeric data-testid={`held-${s.status}`}>
              {formatCount(s.waiting)}
            </Td>
            <Td className="whitespace-nowrap text-slate-600">
              {s.seen[0]}
              <br />
              {s.seen[1]}
            </Td>
            <Td className="text-xs">
              <ul>
                {s.examples.map((e) => (
                  <li key={e.receiptId} className="whitespace-nowrap">
                    {e.messageId ? (
                      <TextLink href={`/messages/${e.messageId}`}>message {e.messageId}</TextLink>
                    ) : (
                      <span>receipt {e.receiptId} (no message)</span>
                    )}{" "}
                    <span className="font-mono">{e.phone ?? ""}</span>
                  </li>
                ))}
              </ul>
            </Td>
            <Td className="min-w-72">
              <MapStatusForm status={s.status} waiting={s.waiting} action={announced} />
            </Td>
          </Tr>
        ))}
      </Table>
    </>
  );
}
