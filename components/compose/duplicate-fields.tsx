"use client";
// The duplicate-send guard in Compose (lib/batches/duplicate-guard.ts): how many recipients were sent this exact text
// within the organisation's window — left out by default — a download of who they are, and the choice to include
// them, which needs a reason (kept in the audit log with the batch). Of those left out, how many never got the text
// (failed, unknown or no receipt; lib/batches/never-got.ts), with a link to the Resend of each earlier batch that
// reaches them (issue 35: the guard blocked 1,810 without saying that 399 of them never got it).
import { TextLink } from "@/components/ui/text-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { downloadDuplicates, type Duplicates, type DuplicatesQuestion } from "./use-duplicates";

import { formatCount } from "@/lib/numbers/format";
export type DuplicateChoice = { include: boolean; reason: string };

export function DuplicateFields({
  found,
  question,
  choice,
  onChoice,
  errors,
}: {
  found: Duplicates | null;
  question: DuplicatesQuestion | null;
  choice: DuplicateChoice;
  onChoice: (choice: DuplicateChoice) => void;
  errors: string[] | undefined;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!found || found.recipients === 0) return null;
  const n = formatCount(found.recipients);
  return (
    <div className="space-y-3 rounded-md border border-amber-200 bg-amber-50/40 p-3" data-testid="duplicates">
      <p className="text-sm">
        {n} recipient(s) were sent this exact text in the last {found.windowHours} hours.{" "}
        {choice.include ? "They will get it again." : "They are left out of this batch."}
      </p>
      {found.neverGot > 0 ? (
        <p className="text-sm" data-testid="never-got">
          {formatCount(found.neverGot)} of them never got it (failed or no receipt): Resend reaches them, without
          sending again to the others —{" "}
          {found.earlier.map((batch, i) => (
            <span key={batch.id}>
              {i > 0 ? ", " : ""}
              <TextLink href={`/batches/${batch.id}#resend`}>Resend “{batch.name}”</TextLink> (
              {formatCount(batch.neverGot)})
            </span>
          ))}
          .
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          onClick={() => {
            setFailed(null);
            if (question) downloadDuplicates(question).catch((error: Error) => setFailed(error.message));
          }}
        >
          Download them (CSV)
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="includeDuplicates"
            checked={choice.include}
            onChange={(e) => onChoice({ ...choice, include: e.target.checked })}
          />
          Send to them anyway
        </label>
      </div>
      {choice.include ? (
        <InputField
          label="Why they should get it again"
          hint="Kept in the audit log with the batch."
          errors={errors}
          name="duplicateReason"
          maxLength={500}
          value={choice.reason}
          onChange={(e) => onChoice({ ...choice, reason: e.target.value })}
        />
      ) : null}
      {failed ? <Notice tone="error">{failed}</Notice> : null}
    </div>
  );
}
