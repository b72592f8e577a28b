"use client";
// Says where Compose's draft is kept (compose-draft.ts) and offers to discard it — asked first, like every control
// that throws away what was typed — or says plainly when the browser could not keep all of it.
import { RowAction } from "@/components/console/row-action";
import { Notice } from "@/components/ui/notice";
import type { DraftKept } from "./compose-draft";

export function DraftLine({
  kept,
  restored,
  onDiscard,
}: {
  kept: DraftKept;
  /** The form was filled in from a kept draft. */
  restored: boolean;
  onDiscard: (() => void) | undefined;
}) {
  return (
    <div className="space-y-2" data-testid="draft">
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span data-testid="draft-status">
          {restored ? "Your draft was restored. " : ""}
          This draft is kept in this browser tab until it is sent or discarded.
        </span>
        {onDiscard ? (
          <RowAction
            label="Discard draft"
            name="Discard draft"
            confirm="Discard this draft? The message, the recipients and every option typed are cleared; nothing was sent."
            confirmLabel="Discard the draft"
            run={async () => {
              onDiscard();
              return { ok: true, message: "Draft discarded." };
            }}
          />
        ) : null}
      </div>
      {kept === "without-numbers" ? (
        <Notice tone="warning">
          The pasted numbers are too many for this browser to keep with the draft: a reload or leaving Compose loses
          them (the rest of the draft is kept). Upload them as a list to keep them.
        </Notice>
      ) : kept === "not-kept" ? (
        <Notice tone="warning">
          This browser does not let Tuma keep the draft: a reload or leaving Compose loses what is typed.
        </Notice>
      ) : null}
    </div>
  );
}
