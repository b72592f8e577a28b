"use client";
// A viewer's export permission on the Users page (issue 35): admins and operators export by their role; a viewer
// only when an administrator allows it here. Never on one click: RowAction says what it means and asks again. Audited.
import { Badge } from "@/components/ui/badge";
import { RowAction } from "@/components/console/row-action";
import type { ActionResult } from "@/lib/auth/action";

export function ExportGrant({
  user,
  setGrant,
}: {
  user: { id: string; email: string; role: string; exportGranted: boolean };
  setGrant: (userId: string, granted: boolean) => Promise<ActionResult>;
}) {
  if (user.role !== "VIEWER")
    return <p className="mt-2 text-xs text-slate-600">May export recipients (by their role).</p>;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-xs" data-testid={`export-grant-${user.email}`}>
      {user.exportGranted ? (
        <Badge tone="warning">may export recipients</Badge>
      ) : (
        <span className="text-slate-600">May not export recipients.</span>
      )}
      <RowAction
        label={user.exportGranted ? "Take back export" : "Allow export"}
        name={`${user.exportGranted ? "Take back export from" : "Allow export for"} ${user.email}`}
        confirm={
          user.exportGranted
            ? `Take back ${user.email}'s export of recipients? They keep reading batches, but can no longer download numbers, texts or list rows.`
            : `Allow ${user.email} (a viewer) to export recipients? They can then download every batch's and list's numbers, texts and list rows (patients' details). Recorded in the audit log.`
        }
        confirmLabel={user.exportGranted ? "Take back export" : "Allow export"}
        run={() => setGrant(user.id, !user.exportGranted)}
      />
    </div>
  );
}
