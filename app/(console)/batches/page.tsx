import type { Metadata } from "next";
import { BatchTable } from "@/components/batches/batch-table";
import { Button, ButtonLink } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { BATCH_KINDS, batchFilterSchema, listBatchPage } from "@/lib/batches/list-batches";

export const metadata: Metadata = { title: "Batches" };
export const dynamic = "force-dynamic";

// The search, kind and page are the URL's (a GET form and links): Back, reload and a shared link show the same list.
export default async function BatchesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireActor();
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = batchFilterSchema.safeParse(raw);
  const filter = parsed.success ? parsed.data : {};
  const page = await listBatchPage(filter);
  const href = (after?: string) => {
    const query = new URLSearchParams({
      ...(filter.q ? { q: filter.q } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(after ? { after } : {}),
    }).toString();
    return query ? `/batches?${query}` : "/batches";
  };
  const filtered = Boolean(filter.q || filter.kind);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Batches"
        actions={
          <ButtonLink href="/compose" variant="primary" size="sm">
            Compose
          </ButtonLink>
        }
      />
      {parsed.success ? null : (
        <Notice tone="error">{parsed.error.issues.map((i) => i.message).join(" ")} The filter was ignored.</Notice>
      )}
      <form method="get" role="search" aria-label="Find batches" className="flex flex-wrap items-end gap-3 text-sm">
        <label className="w-full space-y-1 sm:w-64">
          <span className="block font-medium">Name</span>
          <Input name="q" defaultValue={filter.q ?? ""} placeholder="part of a batch's name" />
        </label>
        <label className="space-y-1">
          <span className="block font-medium">Kind</span>
          <Select name="kind" defaultValue={filter.kind ?? ""} className="w-auto">
            <option value="">SMS and voice</option>
            {BATCH_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind === "SMS" ? "SMS" : "Voice"}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="primary" size="sm">
          Find
        </Button>
        {filtered ? (
          <ButtonLink href="/batches" size="sm">
            Clear
          </ButtonLink>
        ) : null}
      </form>
      {filtered && page.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No batch {filter.q ? `named like “${filter.q}”` : ""}
          {filter.kind ? ` of kind ${filter.kind}` : ""}
          {filter.after ? " on this page" : ""}.
        </p>
      ) : (
        <BatchTable batches={page.rows} />
      )}
      <div className="flex gap-2">
        {filter.after ? (
          <ButtonLink href={href()} size="sm">
            Newest
          </ButtonLink>
        ) : null}
        {page.next ? (
          <ButtonLink href={href(page.next)} size="sm">
            Older
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
