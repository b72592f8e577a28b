"use client";
// Compose's last lines (split from compose-form.tsx, issue 37): what the last check or the server said, why nobody
// would get the text when everyone is skipped, and "Send to N recipients…", which opens the review. Until the page is
// interactive the button could do nothing: it says so by being disabled. With everyone skipped there is nothing to
// review (the sentence above it says why).
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/auth/action";

import { formatCount } from "@/lib/numbers/format";
export function SendButton({
  checked,
  result,
  nobody,
  disabled,
  scheduled,
  count,
  onSend,
}: {
  /** The last check before the review (review-check.ts), while it is the newest word. */
  checked: { errors: Record<string, unknown>; problem: string | null } | null;
  result: ActionResult | null;
  nobody: string | null;
  disabled: boolean;
  scheduled: boolean;
  count: number;
  onSend: () => void;
}) {
  return (
    <>
      {checked?.problem ? <Notice tone="error">{checked.problem}</Notice> : null}
      {checked && Object.keys(checked.errors).length > 0 ? (
        <Notice tone="error">Check the fields marked above: nothing was sent.</Notice>
      ) : (
        <ActionNotice result={result} listFields />
      )}
      {nobody ? (
        <div data-testid="nobody">
          <Notice tone="warning">{nobody}</Notice>
        </div>
      ) : null}
      <Button variant="primary" onClick={onSend} disabled={disabled || nobody !== null}>
        {scheduled ? "Schedule for" : "Send to"} {formatCount(count)} recipient
        {count === 1 ? "" : "s"}…
      </Button>
    </>
  );
}
