// What a resend leaves out, in words: the groups not chosen (those failed for good say why resending them fails
// again), those who answered the escalation's call, and the opted-out numbers, carrier blacklists among them; and the
// recipients already resent, with the batches they went to. Part of the resend panel (resend-panel.tsx).
import { TextLink } from "@/components/ui/text-link";
import type { ResendPreview } from "@/lib/batches/resend-preview";
import { formatCount } from "@/lib/numbers/format";
import { FAILURE_KINDS, PERMANENT_FAILURE_CLASSES, type FailureClass } from "@/lib/receipts/failure-classes";

/** "2 phone off or out of reach, 1 call not answered" */
export function byClass(counts: Record<FailureClass, number>, classes: readonly FailureClass[]): string {
  return classes
    .filter((c) => counts[c] > 0)
    .map((c) => `${formatCount(counts[c])} ${FAILURE_KINDS[c].label.toLowerCase()}`)
    .join(", ");
}

export function ResendLeftOut({
  counts,
  scope,
  temporary,
  permanent,
}: {
  counts: ResendPreview;
  /** The groups chosen (ResendScope of resend-panel.tsx). */
  scope: Record<"unknown" | "temporary" | "permanent" | "noReceipt", boolean>;
  /** The failed recipients of each kind (temporary: offered; permanent: not). */
  temporary: number;
  permanent: number;
}) {
  const optedOut = counts.optedOut.operator + counts.optedOut.carrier;
  const leftOut = [
    !scope.unknown && counts.unknown > 0 ? `${formatCount(counts.unknown)} with an unknown outcome` : null,
    !scope.temporary && temporary > 0 ? `${formatCount(temporary)} failed for a temporary reason` : null,
    !scope.permanent && permanent > 0
      ? `${formatCount(permanent)} failed for good (${byClass(counts.failed, PERMANENT_FAILURE_CLASSES)}): resending them as they are fails again`
      : null,
    !scope.noReceipt && counts.noReceipt > 0 ? `${formatCount(counts.noReceipt)} without a receipt yet` : null,
    counts.answeredCall > 0
      ? `${formatCount(counts.answeredCall)} answered the call and ${counts.answeredCall === 1 ? "is" : "are"} left out: reached by call, not sent the SMS again`
      : null,
    optedOut > 0
      ? `${formatCount(optedOut)} opted out${counts.optedOut.carrier > 0 ? ` (${formatCount(counts.optedOut.carrier)} by a carrier blacklist: the number blocked the sender)` : ""}: never resent`
      : null,
  ].filter((s): s is string => s !== null);
  return (
    <>
      {counts.alreadyResent > 0 ? (
        <p>
          {formatCount(counts.alreadyResent)} already resent, not taken again:{" "}
          {counts.children.map((child, i) => (
            <span key={child.id}>
              {i > 0 ? ", " : ""}
              <TextLink href={`/batches/${child.id}`}>{child.name}</TextLink> ({formatCount(child.recipientCount)},{" "}
              {child.state.toLowerCase()})
            </span>
          ))}
        </p>
      ) : null}
      {leftOut.length > 0 ? (
        <div data-testid="resend-left-out">
          <p className="font-medium">Left out:</p>
          <ul className="list-disc pl-5">
            {leftOut.map((line) => (
              <li key={line}>{line}.</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
