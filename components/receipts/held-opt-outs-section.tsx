// The Receipts page's section of carrier-blacklist opt-outs held back as a burst: why they are held, how many wait,
// the list with its two answers, and the burst limit (held-opt-outs.tsx holds the list's form).
import { Badge } from "@/components/ui/badge";
import type { FormAction } from "@/components/ui/use-action-form";
import { Notice } from "@/components/ui/notice";
import { formatCount } from "@/lib/numbers/format";
import type { HeldOptOut } from "@/lib/receipts/held-opt-outs";
import { formatDateTime } from "@/lib/time/format";
import { NumberSettingForm } from "@/components/settings/number-setting-form";
import { HeldOptOuts } from "./held-opt-outs";

export function HeldOptOutsSection({
  held,
  burst,
  timeZone,
  decide,
  setBurst,
}: {
  held: { rows: HeldOptOut[]; total: number; upTo: Date };
  burst: number;
  timeZone: string;
  decide: FormAction;
  setBurst: FormAction;
}) {
  return (
    <section aria-label="Held carrier-blacklist opt-outs" className="space-y-3">
      <h2 className="text-lg font-semibold">
        Held carrier-blacklist opt-outs{" "}
        {held.total > 0 ? <Badge tone="warning">{formatCount(held.total)} held</Badge> : null}
      </h2>
      <p className="text-sm text-slate-600">
        A receipt saying the network blacklisted a number opts it out organisation-wide, but only when the receipt names
        the message&apos;s number and uniqueId. When more than {formatCount(burst)} would be opted out in one minute,
        they are held here instead: receipts can be forged by anyone who learnt a receipt address. Opt them out if the
        wave is real; discard them if not. Both are recorded in the audit log.
      </p>
      {held.total > 0 ? (
        <Notice tone="warning">
          {formatCount(held.total)} number(s) reported blacklisted are waiting for a decision; until then batches still
          send to them.
        </Notice>
      ) : null}
      <HeldOptOuts
        rows={held.rows.map((r) => ({
          phone: r.phone,
          reason: r.reason,
          messageId: r.messageId,
          heldAt: formatDateTime(r.heldAt, timeZone, { seconds: true }),
        }))}
        total={held.total}
        upTo={held.upTo.toISOString()}
        decide={decide}
      />
      <NumberSettingForm
        current={burst}
        action={setBurst}
        name="limit"
        label="Carrier-blacklist opt-outs per minute before holding"
        min={0}
        width="w-80"
        save="Save limit"
        variant="secondary"
      />
    </section>
  );
}
