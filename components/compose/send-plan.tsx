"use client";
// What the operator is about to send, shown before the confirm button: the first recipients' messages exactly as
// each will receive them (characters, encoding, parts, and which characters force UCS-2), then the planner —
// recipients, provider requests, SMS units (and the segments per recipient), time to submit and, when scheduled, the
// start in the organisation's zone.
import { useTimeZone } from "@/components/time/time-zone-provider";
import { Card, Stat } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import type { SendPlan } from "@/lib/batches/plan";
import { formatCount, formatDuration } from "@/lib/numbers/format";
import type { PreviewMessage } from "@/lib/batches/plan-list";
import { segmentRange } from "@/lib/compose/segment-range";
import {
  finishWithinWindows,
  isInsideWindow,
  nextWindowOpen,
  type PromotionalWindow,
} from "@/lib/compose/promotional-window";
import type { EscalationPlan } from "@/lib/escalation/worst-case";
import { formatStart } from "./format-start";
import { EncodingNote } from "./encoding-note";
import type { LanguagePlan } from "@/lib/batches/variant-plan";
import { LanguagePlanTable } from "./language-plan-table";

export type PlanView = SendPlan & {
  kind: "SMS" | "VOICE";
  previews: PreviewMessage[];
  emptyRows?: number;
  emptyByPlaceholder?: Record<string, number>;
  optedOut?: number;
  /** Left out by the duplicate-send guard (duplicate-fields.tsx says who and how to include them). */
  resent?: number;
  /** Segments per message → recipients sent that many. */
  segments?: Record<number, number>;
};

export function SendPlanView({
  plan,
  scheduledAt,
  promotional,
  escalation = null,
  languages = null,
}: {
  plan: PlanView;
  /** A batch in several languages: the plan per language (language-plan-table.tsx). */
  languages?: readonly LanguagePlan[] | null;
  /** SMS → voice escalation's worst case (lib/escalation/worst-case.ts), when it is on. */
  escalation?: EscalationPlan | null;
  scheduledAt: Date | null;
  /** The organisation's window and its words ("08:00–20:00 EAT"), when the batch is promotional. */
  promotional?: { window: PromotionalWindow; hours: string } | null;
}) {
  const sms = plan.kind === "SMS";
  const timeZone = useTimeZone();
  const empties = Object.entries(plan.emptyByPlaceholder ?? {});
  const perLanguage = plan.previews.some((message) => message.language !== undefined);
  return (
    <div className="space-y-4">
      <Card title="Preview" data-testid="preview">
        <PreviewLine plan={plan} />
        <Table
          aria-label="Preview"
          columns={[
            "Recipient",
            perLanguage && "Language",
            "Message as received",
            numeric("Characters"),
            sms && "Encoding",
            sms && numeric("SMS parts"),
          ]}
        >
          {plan.previews.map((message) => (
            <Tr key={`${message.row}-${message.phone}`}>
              <Td className="whitespace-nowrap font-mono text-xs">{message.phone}</Td>
              {perLanguage ? <Td className="whitespace-nowrap">{message.language}</Td> : null}
              <Td className="whitespace-pre-wrap break-words">{message.text}</Td>
              <Td numeric>{formatCount(message.characters)}</Td>
              {sms ? (
                <Td className="whitespace-nowrap">
                  <EncodingNote encoding={message.encoding} ucs2={message.ucs2} />
                </Td>
              ) : null}
              {sms ? <Td numeric>{message.segments}</Td> : null}
            </Tr>
          ))}
        </Table>
      </Card>
      <Card title="Plan" data-testid="planner">
        <dl className="grid gap-3 sm:grid-cols-4">
          <Stat label="Recipients" value={formatCount(plan.recipients)} testId="plan-recipients" />
          <Stat label="Provider requests" value={formatCount(plan.requests)} testId="plan-requests" />
          {sms ? <Stat label="SMS units" value={formatCount(plan.units)} testId="plan-units" /> : null}
          <Stat label="Time to submit" value={formatDuration(plan.seconds)} testId="plan-time" />
        </dl>
        {languages ? (
          <div className="mt-3">
            <LanguagePlanTable plans={languages} kind={plan.kind} />
          </div>
        ) : null}
        {sms && plan.segments && segmentRange(plan.segments) ? (
          <p className="mt-3 text-sm" data-testid="plan-segments">
            Per recipient: {segmentRange(plan.segments)}.
          </p>
        ) : null}
        {scheduledAt ? (
          <p className="mt-3 text-sm" data-testid="plan-start">
            Starts {formatStart(scheduledAt, timeZone)}.
          </p>
        ) : null}
        {escalation ? (
          <p className="mt-3 text-sm" data-testid="plan-escalation">
            Calls if not delivered within {formatCount(escalation.minutes)} minutes: at most{" "}
            {formatCount(escalation.calls)} call(s), {formatCount(escalation.voiceUnits)} voice unit(s) if no SMS
            arrives in time.
          </p>
        ) : null}
        {promotional ? <PromotionalEta plan={plan} scheduledAt={scheduledAt} promotional={promotional} /> : null}
        {plan.optedOut ? (
          <Notice className="mt-3">
            {formatCount(plan.optedOut)} number(s) are on the opt-out list: they will not be sent
            {sms ? " (no units counted for them)" : ""}.
          </Notice>
        ) : null}
        {plan.resent ? (
          <div data-testid="plan-resent">
            <Notice className="mt-3">
              {formatCount(plan.resent)} recipient(s) were sent this text recently: they are left out
              {sms ? " (no units counted for them)" : ""}.
            </Notice>
          </div>
        ) : null}
        {plan.emptyRows ? (
          <Notice tone="warning" className="mt-3">
            {formatCount(plan.emptyRows)} recipient(s) have an empty value:{" "}
            {empties.map(([name, n]) => `{{${name}}} (${formatCount(n)})`).join(", ")}. They get the message with
            nothing there.
          </Notice>
        ) : null}
      </Card>
    </div>
  );
}

/**
 * Whom the preview shows: the first recipients who will get the text, and how many are left out and why (issue 35:
 * the preview showed opted-out and already-sent patients as receiving it).
 */
function PreviewLine({ plan }: { plan: PlanView }) {
  const why = [
    plan.optedOut ? `${formatCount(plan.optedOut)} opted out` : null,
    plan.resent ? `${formatCount(plan.resent)} sent this text recently` : null,
  ].filter(Boolean);
  const leftOut = (plan.optedOut ?? 0) + (plan.resent ?? 0);
  return (
    <p className="mb-3 text-sm" data-testid="preview-who">
      {plan.previews.some((message) => message.language !== undefined)
        ? "As the first recipients of each language who will get it receive it."
        : plan.previews.length > 0
          ? `As the first ${plan.previews.length === 1 ? "recipient" : `${formatCount(plan.previews.length)} recipients`} who will get it receive it.`
          : "Nobody will get this message."}
      {leftOut > 0 ? ` Left out and not shown: ${formatCount(leftOut)} (${why.join(", ")}).` : ""}
    </p>
  );
}

/** A promotional batch's ETA counts the hours it waits outside the window (lib/compose/promotional-window.ts). */
function PromotionalEta({
  plan,
  scheduledAt,
  promotional,
}: {
  plan: PlanView;
  scheduledAt: Date | null;
  promotional: { window: PromotionalWindow; hours: string };
}) {
  const timeZone = useTimeZone();
  const start = scheduledAt ?? new Date();
  const opens = nextWindowOpen(start, promotional.window, timeZone);
  const finish = finishWithinWindows(start, plan.seconds, promotional.window, timeZone);
  return (
    <p className="mt-3 text-sm" data-testid="plan-promotional">
      Promotional: sends only {promotional.hours}.{" "}
      {isInsideWindow(start, promotional.window, timeZone) ? "" : `Waits until ${formatStart(opens, timeZone)}. `}
      Done about {formatStart(finish, timeZone)}.
    </p>
  );
}
