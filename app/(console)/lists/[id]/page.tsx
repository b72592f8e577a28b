import type { Metadata } from "next";
import { TextLink } from "@/components/ui/text-link";
import { notFound } from "next/navigation";
import { ListRows } from "@/components/lists/list-rows";
import { RenameListForm } from "@/components/lists/rename-list-form";
import { Time } from "@/components/time/time";
import { ButtonAnchor, ButtonLink } from "@/components/ui/button";
import { Card, Stat } from "@/components/ui/card";
import { canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { uuidParam } from "@/lib/http/params";
import { listPage, listPageQuery } from "@/lib/lists/list-page";
import { getList } from "@/lib/lists/find-lists";
import { renameListAction } from "../actions";
import { formatCount } from "@/lib/numbers/format";

export const metadata: Metadata = { title: "List" };
export const dynamic = "force-dynamic";

const GROUPS = [
  { group: "invalid", label: "Invalid", count: "invalidCount" },
  { group: "duplicates", label: "Duplicates", count: "duplicateCount" },
  { group: "opted-out", label: "Opted out", count: "optedOutCount" },
] as const;

/** How the file was read, from its stored report: "sheet “Patients”", "UTF-8, separated by “;”". */
function howRead(report: unknown): string {
  const r = (report ?? {}) as { sheet?: string; encoding?: string; delimiter?: string };
  const parts = [
    r.sheet ? `sheet “${r.sheet}”` : null,
    r.encoding ? r.encoding.toUpperCase() : null,
    r.delimiter ? `separated by ${r.delimiter === "\t" ? "tabs" : `“${r.delimiter}”`}` : null,
  ];
  return parts.filter(Boolean).join(", ");
}

export default async function ListPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireActor(canSend);
  const id = uuidParam.safeParse((await params).id);
  if (!id.success) notFound();
  const list = await getList(id.data);
  if (!list) notFound();
  const at = listPageQuery.safeParse(await searchParams);
  const page = await listPage(list.id, at.success ? at.data : {});
  const read = howRead(list.report);
  return (
    <div className="space-y-6">
      <TextLink href="/lists" className="text-sm">
        ← Lists
      </TextLink>
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold break-words">{list.name}</h1>
          <p className="mt-1 text-slate-600">
            From {list.filename}
            {read ? ` (${read})` : ""} · uploaded <Time at={list.createdAt} />
            {list.author ? ` by ${list.author}` : ""}
          </p>
        </div>
        <ButtonLink href={`/compose?list=${list.id}`} variant="primary" size="sm">
          Compose to this list
        </ButtonLink>
      </div>
      <Card>
        <RenameListForm id={list.id} name={list.name} action={renameListAction} />
      </Card>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label="Rows read" value={formatCount(list.rowCount)} testId="list-rows-read" />
        <Stat label="Recipients" value={formatCount(list.validCount)} testId="list-valid" />
        {GROUPS.map(({ group, label, count }) => (
          <Stat key={group} label={label} value={formatCount(list[count])} testId={`list-${group}`} />
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {GROUPS.filter(({ count }) => list[count] > 0).map(({ group, label }) => (
          <ButtonAnchor key={group} size="sm" href={`/api/lists/${list.id}/report?group=${group}`} download>
            Download {label.toLowerCase()} rows (CSV)
          </ButtonAnchor>
        ))}
      </div>
      <p className="text-sm text-slate-600">
        Placeholders: <span className="font-mono">{list.columns.map((c) => `{{${c}}}`).join(" ")}</span> · phone column:{" "}
        {list.phoneColumn}
      </p>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Rows</h2>
        <ListRows listId={list.id} columns={list.columns} page={page} />
      </section>
    </div>
  );
}
