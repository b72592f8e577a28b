// One audit event as the Audit page shows it: its sentence (names, links, times in the organisation's zone), and the
// raw record — actor, action, target, detail as stored — one click away.
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/components/time/time";
import { CodeBlock, prettyJson } from "@/components/ui/code-block";
import { auditSentence, type AuditNames } from "@/lib/audit/audit-sentence";
import type { AuditRow } from "@/lib/audit/list-audit";

export function AuditSentence({ event, names }: { event: AuditRow; names: AuditNames }) {
  return (
    <span data-testid="audit-sentence">
      {auditSentence(event, names).map((part, i) =>
        typeof part === "string" ? (
          part
        ) : "href" in part ? (
          <TextLink key={i} href={part.href}>
            {part.text}
          </TextLink>
        ) : (
          <Time key={i} at={part.time} />
        ),
      )}
      .
    </span>
  );
}

export function AuditRaw({ event }: { event: AuditRow }) {
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-slate-500">Details</summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-600">
        <dt>Actor</dt>
        <dd className="break-all">
          {event.actorEmail ?? (event.actorId ? `deleted user ${event.actorId}` : "system")}
        </dd>
        <dt>Action</dt>
        <dd className="font-mono">{event.action}</dd>
        <dt>Target</dt>
        <dd className="break-all font-mono">
          {event.targetType} {event.targetId ?? ""}
        </dd>
      </dl>
      <CodeBlock label={`Detail of event ${event.id}`} className="mt-1">
        {prettyJson(event.detail ?? {})}
      </CodeBlock>
    </details>
  );
}
