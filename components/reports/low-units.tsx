// The overview's warning: accounts whose units left (balance less committed) are under the threshold an administrator
// set (lib/units/low-accounts.ts), with the way to top up for those who may.
import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { LowAccount } from "@/lib/units/low-accounts";
import { formatCount } from "@/lib/numbers/format";

export function LowUnits({ accounts, canTopUp }: { accounts: LowAccount[]; canTopUp: boolean }) {
  if (accounts.length === 0) return null;
  return (
    <div data-testid="low-units">
      <Notice tone="warning">
        {accounts.map((a) => (
          <span key={a.id} className="block">
            {a.name}: {formatCount(a.left)} units left after scheduled and running batches, below the warning at{" "}
            {formatCount(a.warnBelow)}.
          </span>
        ))}
        {canTopUp ? (
          <Link href="/settings/units" className="underline">
            Record units bought
          </Link>
        ) : (
          "An administrator records units bought in Settings."
        )}
      </Notice>
    </div>
  );
}
