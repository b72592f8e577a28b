// A kind of failure as operators read it: its plain-language name and whether it is temporary (worth resending
// later) or permanent (not as it is). Works in server and client components.
import { Badge } from "@/components/ui/badge";
import { FAILURE_KINDS, type FailureKind } from "@/lib/receipts/failure-classes";

export function FailureKindLabel({ kind }: { kind: FailureKind }) {
  const info = FAILURE_KINDS[kind];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-medium">{info.label}</span>
      <Badge tone={info.permanence === "permanent" ? "danger" : "warning"}>{info.permanence}</Badge>
    </span>
  );
}
