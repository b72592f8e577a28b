import type { Metadata } from "next";
import { BatchTable } from "@/components/batches/batch-table";
import { ButtonLink } from "@/components/ui/button";
import { FilterForm, FilterInput, FilterSelect } from "@/components/ui/filter-form";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { pageHref, readPageQuery, type PageSearchParams } from "@/lib/http/page-query";
import { BATCH_KINDS, batchFilterSchema, listBatchPage } from "@/lib/batches/list-batches";
import { KeysetPager } from "@/components/ui/keyset-pager";

export const metadata: Metadata = { title: "Batches" };
export const dynamic = "force-dynamic";

// The search, kind and page are the URL's (a GET form and links): Back, reload and a shared link show the same list.
export default async function BatchesPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireActor();
  const { filter, error } = await readPageQuery(searchParams, batchFilterSchema);
  const page = await listBatchPage(filter);
  const href = (after?: string) => pageHref("/batches", { q: filter.q, kind: filter.kind, after });
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
      {error ? <Notice tone="error">{error}</Notice> : null}
      <FilterForm label="Find batches" submit="Find" values={{ q: filter.q, kind: filter.kind }} clearHref="/batches">
        <FilterInput
          label="Name"
          name="q"
          value={filter.q}
          placeholder="part of a batch's name"
          className="w-full sm:w-64"
        />
        <FilterSelect
          label="Kind"
          name="kind"
          value={filter.kind}
          any="SMS and voice"
          options={BATCH_KINDS.map((kind) => [kind, kind === "SMS" ? "SMS" : "Voice"] as const)}
        />
      </FilterForm>
      {filtered && page.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No batch {filter.q ? `named like “${filter.q}”` : ""}
          {filter.kind ? ` of kind ${filter.kind}` : ""}
          {filter.after ? " on this page" : ""}.
        </p>
      ) : (
        <BatchTable batches={page.rows} />
      )}
      <KeysetPager first={filter.after ? href() : null} next={page.next ? href(page.next) : null} />
    </div>
  );
}
