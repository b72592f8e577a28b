"use client";
// The review between Compose and sending (docs/architecture.md, "A message, from Compose to DELIVERED"): what will go,
// to how many, skipping whom, at what cost in units, from which sender, starting when — and one button, naming the
// count, that sends. It replaces the form on the page rather than floating over it: on a 390 px phone a long summary
// reads as a page, the form stays mounted underneath (hidden, so Back finds everything as it was), and there is no
// focus to trap — the heading takes focus when it opens.
import { useTimeZone } from "@/components/time/time-zone-provider";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { formatCount, formatDuration } from "@/lib/numbers/format";
import { confirmLabel, skippedSentence, type SendSummary } from "@/lib/compose/send-summary";
import { isInsideWindow, nextWindowOpen, type PromotionalWindow } from "@/lib/compose/promotional-window";
import { formatStart } from "./format-start";
import type { LanguagePlan } from "@/lib/batches/variant-plan";
import { LanguagePlanTable } from "./language-plan-table";

export type ReviewView = {
  name: string;
  kind: "SMS" | "VOICE";
  accountName: string;
  /** The sender ID (SMS), or the originator with voice and repeat (voice). */
  from: string;
  message: string;
  /** For a personalised list: the first recipient's own text. */
  example: string | null;
  /** "3 numbers typed", "the list “wateja.csv”". */
  recipients: string;
  /** Null while the plan is still being counted (the opt-out check, the list's pass). */
  summary: SendSummary | null;
  units: number | null;
  segments: string | null;
  /** "KES 1,442.40 (KES 0.80 a unit)" when the account has a price. */
  cost: string | null;
  seconds: number | null;
  start: Date | null;
  optedOut: string[];
  /** "08:00–20:00 EAT" when the batch is promotional (it waits outside those hours). */
  promotional: string | null;
  /** The organisation's window, when the batch is promotional: a start outside it is the window's next opening. */
  promotionalWindow?: PromotionalWindow | null;
  /** What the escalation's calls may add to the units and cost, at most ("up to 1,803 voice unit(s), KES …"). */
  escalationCost?: string | null;
  /** SMS → voice escalation in words, when it is on (escalation-fields.tsx). */
  escalation?: string | null;
  /** The reason given for sending again to recipients who had this text recently (duplicate-fields.tsx). */
  resentReason: string | null;
  problem: string | null;
  /** A batch in several languages: recipients and units per language (language-plan-table.tsx). */
  languages?: readonly LanguagePlan[] | null;
  /** And each language's own text. */
  variantTexts?: readonly { label: string; text: string }[];
};

export function Review({ view, pending, onBack }: { view: ReviewView; pending: boolean; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { summary } = view;
  const timeZone = useTimeZone();
  const ready = summary !== null && summary.send > 0 && view.problem === null;
  return (
    <Card className="max-w-3xl space-y-4" aria-labelledby="review-heading" data-testid="review">
      <h2 id="review-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Check before sending: {view.name}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <Row label="Recipients">{view.recipients}</Row>
        <Row label="Skipped">
          {summary ? (
            <span data-testid="review-skipped">
              {skippedSentence(summary)}
              {view.optedOut.length > 0 ? (
                <span className="block text-xs text-slate-600">
                  Opted out: {view.optedOut.slice(0, 10).join(", ")}
                  {view.optedOut.length > 10 ? ` and ${formatCount(view.optedOut.length - 10)} more` : ""}
                </span>
              ) : null}
            </span>
          ) : (
            "counting…"
          )}
        </Row>
        <Row label={view.kind === "SMS" ? "Text messages" : "Calls"}>
          <strong className="tabular-nums" data-testid="review-send">
            {summary ? formatCount(summary.send) : "counting…"}
          </strong>
        </Row>
        {view.kind === "SMS" ? (
          <Row label="SMS units">
            <span data-testid="review-units">
              {view.units !== null ? (
                <>
                  <strong className="tabular-nums">{formatCount(view.units)}</strong>
                  {view.segments ? ` (${view.segments})` : ""}
                  {view.escalationCost ? (
                    <span className="block text-xs text-slate-600" data-testid="review-escalation-cost">
                      Escalation: {view.escalationCost}.
                    </span>
                  ) : null}
                </>
              ) : (
                "counting…"
              )}
            </span>
          </Row>
        ) : null}
        {view.cost ? (
          <Row label="Cost">
            <span data-testid="review-cost">
              {view.cost}
              {view.escalationCost ? ` for the SMS; escalation: ${view.escalationCost}` : ""}
            </span>
          </Row>
        ) : null}
        {view.languages ? (
          <Row label="Languages">
            <LanguagePlanTable plans={view.languages} kind={view.kind} />
          </Row>
        ) : null}
        <Row label={view.kind === "SMS" ? "Sender ID" : "From"}>{view.from}</Row>
        <Row label="Account">{view.accountName}</Row>
        <Row label="Starts">
          <span data-testid="review-start">
            {startWords(view, timeZone)}
            {view.seconds !== null ? ` · all submitted within ${formatDuration(view.seconds)}` : ""}
          </span>
        </Row>
        {view.promotional ? (
          <Row label="Promotional">
            <span data-testid="review-promotional">Sends only {view.promotional}; waits outside those hours.</span>
          </Row>
        ) : null}
        {view.escalation ? (
          <Row label="Escalation">
            <span data-testid="review-escalation">{view.escalation}</span>
          </Row>
        ) : null}
        {view.resentReason ? (
          <Row label="Sent again">
            <span data-testid="review-resent">
              To recipients who had this text recently, because: {view.resentReason}
            </span>
          </Row>
        ) : null}
        <Row label="Message">
          <span className="block whitespace-pre-wrap break-words rounded-md bg-slate-50 p-2">{view.message}</span>
          {view.example !== null ? (
            <span className="mt-1 block text-xs text-slate-600">
              The first recipient gets: <span className="whitespace-pre-wrap break-words">{view.example}</span>
            </span>
          ) : null}
        </Row>
        {(view.variantTexts ?? []).map((variant) => (
          <Row key={variant.label} label={`Message in ${variant.label}`}>
            <span className="block whitespace-pre-wrap break-words rounded-md bg-slate-50 p-2">{variant.text}</span>
          </Row>
        ))}
      </dl>
      {view.problem ? <Notice tone="error">{view.problem}</Notice> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onBack} disabled={pending}>
          Back to edit
        </Button>
        <Button type="submit" variant="primary" disabled={!ready || pending}>
          {pending ? "Sending…" : summary ? confirmLabel(summary) : "Counting…"}
        </Button>
      </div>
    </Card>
  );
}

/**
 * When the batch starts: now, or the time scheduled — and a promotional batch outside the organisation's window
 * starts when the window opens (docs/promotional-window.md), said so rather than "Now" (issue 35).
 */
function startWords(view: ReviewView, timeZone: string): string {
  const at = view.start ?? new Date();
  if (view.promotionalWindow && !isInsideWindow(at, view.promotionalWindow, timeZone))
    return `${formatStart(nextWindowOpen(at, view.promotionalWindow, timeZone), timeZone)}, when the promotional window opens`;
  return view.start ? formatStart(view.start, timeZone) : "Now";
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
